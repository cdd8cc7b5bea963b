import { describe, expect, it } from 'vitest'
import { receivedResponse } from '../../src/contract/client.js'
import { decodeBody } from '../../src/contract/decode-body.js'
import { MAX_JSON_DEPTH, parseJson } from '../../src/contract/parse-json.js'

const JSON_HEADERS = { 'content-type': 'application/json' }
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...new TextEncoder().encode(part)] : part,
    ),
  )
const read = (body: Uint8Array | string) => receivedResponse(200, JSON_HEADERS, body)

describe('decodeBody', () => {
  it.each([
    ['a Latin-1 byte', bytes('{"a":"', [0xe9], '"}')],
    ['a truncated two-byte sequence', bytes('{"a":"', [0xc3], '"}')],
    ['an overlong "/"', bytes('{"a":"', [0xc0, 0xaf], '"}')],
    ['a surrogate encoded in UTF-8 (CESU-8)', bytes('{"a":"', [0xed, 0xa0, 0x80], '"}')],
    ['a code point past U+10FFFF', bytes('{"a":"', [0xf4, 0x90, 0x80, 0x80], '"}')],
  ])('reads %s as not UTF-8, and keeps a text to quote', (_, body) => {
    const decoded = decodeBody(body)
    expect.soft(decoded.isUtf8).toBe(false)
    expect.soft(decoded.text).toContain('\ufffd')
  })

  it('notes a byte order mark and reads past it', () => {
    expect(decodeBody(bytes([0xef, 0xbb, 0xbf], '{}'))).toEqual({
      text: '{}',
      isUtf8: true,
      hasByteOrderMark: true,
    })
  })

  it('reads multi-byte and astral characters', () => {
    expect(decodeBody(bytes('{"a":"é𝄞中"}'))).toEqual({
      text: '{"a":"é𝄞中"}',
      isUtf8: true,
      hasByteOrderMark: false,
    })
  })

  it('notes a byte order mark on a text already decoded', () => {
    expect(decodeBody('\ufeff{}')).toMatchObject({ text: '{}', hasByteOrderMark: true })
  })
})

describe('receivedResponse', () => {
  it('makes bytes that are not UTF-8 a parse error, not JSON and not a throw', () => {
    const response = read(bytes('{"a":"', [0xff], '"}'))
    expect.soft(response.isJson).toBe(false)
    expect.soft(response.json).toBeUndefined()
    expect.soft(response.parseError).toMatch(/not valid UTF-8/)
  })

  it('parses JSON behind a byte order mark and says it was there', () => {
    const response = read(bytes([0xef, 0xbb, 0xbf], '{"a":1}'))
    expect.soft(response.json).toEqual({ a: 1 })
    expect.soft(response.hasByteOrderMark).toBe(true)
  })

  it('keeps the depth guard', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`
    expect(read(bytes(deep)).parseError).toMatch(/deeper than/)
    expect(read(bytes(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).isJson).toBe(
      true,
    )
  })
})

const flawsOf = (text: string) => {
  const parsed = parseJson(text)
  if (parsed.kind !== 'json') throw new Error(`${text} did not parse`)
  return parsed.flaws
}

describe('parseJson flaws', () => {
  it.each([
    ['at the top', '{"a":1,"b":2,"a":3}', '', 'a'],
    ['in a nested object', '{"worker":{"id":"x","name":"n","id":"y"}}', '/worker', 'id'],
    ['in an object in an array', '{"list":[{"k":1},{"k":1,"k":2}]}', '/list/1', 'k'],
    ['written once with an escape', '{"id":1,"\\u0069d":2}', '', 'id'],
    ['after a value with brackets in a string', '{"a":"[{,}]","b":{},"a":0}', '', 'a'],
    ['with a name that needs escaping in a pointer', '{"x":{"a/b":1,"a/b":2}}', '/x', 'a/b'],
    // Plain strings are skipped to their closing quote: the escapes after them still count.
    ['after plain strings and an escaped quote', '{"a":"p","b":"x\\"y","c":"p","b":0}', '', 'b'],
    ['escaped after a plain value of its own name', '{"x":"y","\\u0078":1}', '', 'x'],
  ])('finds a repeated name %s', (_, text, pointer, name) => {
    expect(flawsOf(text).duplicateName).toEqual({ pointer, name })
  })

  it.each([
    ['the same name in sibling objects', '{"a":{"id":1},"b":{"id":2}}'],
    ['the same name at two depths', '{"id":{"id":1}}'],
    ['a name repeated as a value', '{"id":"id","name":"id"}'],
    ['names that differ only by case', '{"Id":1,"id":2}'],
  ])('finds no repeated name in %s', (_, text) => {
    expect(flawsOf(text).duplicateName).toBeUndefined()
  })

  it.each([
    ['a high surrogate alone', '{"a":"x\\ud83c"}', '/a'],
    ['a high surrogate before a plain character', '{"a":"\\ud83cx"}', '/a'],
    ['a low surrogate alone', '{"a":["ok","\\udf0d"]}', '/a/1'],
    ['two high surrogates', '{"a":"\\ud83c\\ud83c\\udf0d"}', '/a'],
    ['a high surrogate before an escaped quote', '{"a":"\\ud83c\\""}', '/a'],
    ['a lone surrogate in a name', '{"x":{"\\udc00":1}}', '/x'],
    ['a lone surrogate after plain strings', '{"p":"q","r":"s","t":["u","v\\ud800"]}', '/t/1'],
  ])('finds %s', (_, text, pointer) => {
    expect(flawsOf(text).loneSurrogate).toEqual({ pointer })
  })

  it.each([
    ['an escaped surrogate pair', '{"a":"\\ud83c\\udf0d"}'],
    ['an escaped pair in capitals', '{"a":"\\uD834\\uDD1E"}'],
    ['a raw astral character', '{"a":"🌍"}'],
    ['an escaped backslash before u', '{"a":"\\\\ud800"}'],
    ['every other escape', '{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u00e9"}'],
  ])('finds no lone surrogate in %s', (_, text) => {
    expect(flawsOf(text).loneSurrogate).toBeUndefined()
  })

  it('finds nothing in legal JSON: whitespace, escapes, big and exotic numbers', () => {
    const text =
      '\r\n\t {\t"a" :\r\n[ 1 , -0.5e+10 , 123456789012345678901234567890 , 1E-400 ] ,\n "\\u00e9\\/" : { } , "b":[],"c":true,"d":null }  '
    expect(parseJson(text)).toEqual({
      kind: 'json',
      value: JSON.parse(text),
      flaws: { duplicateName: undefined, loneSurrogate: undefined },
    })
  })

  it('finds the first of each flaw only, and still parses the text', () => {
    const parsed = parseJson('{"a":"\\ud800","a":"\\udc00","b":1,"b":2}')
    expect(parsed).toMatchObject({
      kind: 'json',
      value: { a: '\udc00', b: 2 },
      flaws: { duplicateName: { pointer: '', name: 'a' }, loneSurrogate: { pointer: '/a' } },
    })
  })

  it('reports a text that does not parse as not JSON, flaws or not', () => {
    expect(parseJson('{"a":1,"a":')).toEqual({ kind: 'not-json' })
  })
})
