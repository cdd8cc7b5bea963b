import { variant } from '../wrap-mock.js'

const hex4 = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`

/**
 * The same JSON written another legal way (RFC 8259): every non-ASCII UTF-16 unit escaped (astral
 * characters as escaped surrogate pairs), "/" escaped, the name "id" written \u0069d, tabs and
 * CRLF between tokens, and an extra field holding a number beyond 2^64.
 */
const rewritten = (text: string) =>
  JSON.stringify({ ...JSON.parse(text), serial: 0 }, null, '\t')
    .replace(/"serial": 0/, '"serial": 123456789012345678901234567890')
    .replace(/[\u0080-\uffff]/g, (c) => hex4(c.charCodeAt(0)))
    .replaceAll('/', '\\/')
    .replaceAll('"id":', '"\\u0069d":')
    .replaceAll('\n', '\r\n')

// RFC 8259 §2, §7: whitespace and escapes are the writer's choice; extra fields are allowed (§2).
export default variant('answers escaped, pretty-printed with tabs and CRLF, with a big number', {
  after: async (response) => {
    if (response.status < 200 || response.status >= 300) return response
    const text = await response.text()
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(rewritten(text), { status: response.status, headers })
  },
})
