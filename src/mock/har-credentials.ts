import { z } from '@hono/zod-openapi'
import { percentDecoded } from '../common/percent-decoded.js'
import { cookieValuesOf, isSecretParameter, secretsIn } from '../secrets/index.js'
import { requestCredentials } from '../server/index.js'

// The credentials one HAR entry shows the app sending or being given, whatever host or path it
// went to: a token sent to another backend, a password posted to a login, a session cookie set by
// an answer may all come back later in an API answer the scenario keeps.

const NameValue = z.object({ name: z.string(), value: z.string() })
/** A list of name/value pairs, or none where the file has something else (the HAR reader's shape check is elsewhere). */
const Pairs = z.array(NameValue).optional().catch(undefined)

/** HAR 1.2's places that carry credentials, read leniently: what is not of this shape is skipped. */
const Carriers = z.object({
  request: z
    .object({
      headers: Pairs,
      cookies: Pairs,
      postData: z
        .object({
          text: z.string().optional().catch(undefined),
          params: z
            .array(z.object({ name: z.string(), value: z.string().optional() }))
            .optional()
            .catch(undefined),
        })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  response: z.object({ headers: Pairs, cookies: Pairs }).optional().catch(undefined),
})

/** The secret fields of a JSON body, or the secret parameters of a form body. */
const bodySecrets = (text: string): string[] => {
  try {
    return [...secretsIn(JSON.parse(text))]
  } catch {
    return [...new URLSearchParams(text)].flatMap(([name, value]) =>
      isSecretParameter(name) ? [value] : [],
    )
  }
}

/**
 * Every credential `entry` carries: credential headers (each cookie of a `Cookie` on its own, the
 * value a `Set-Cookie` sets), HAR's parsed cookies, secret query and form parameters, the password
 * of a URL, and the secret fields of a JSON body.
 */
export const harCredentials = (entry: unknown, url: URL): string[] => {
  const parsed = Carriers.safeParse(entry)
  if (!parsed.success) return []
  const { request, response } = parsed.data
  const found: string[] = []
  const headers = (request?.headers ?? []).map(({ name, value }) => [name, value] as const)
  found.push(...requestCredentials(headers))
  for (const { name, value } of response?.headers ?? [])
    if (name.toLowerCase() === 'set-cookie') found.push(...cookieValuesOf(value, true))
  for (const { name, value } of [...(request?.cookies ?? []), ...(response?.cookies ?? [])])
    found.push(...cookieValuesOf(`${name}=${value}`))
  for (const [name, value] of url.searchParams) if (isSecretParameter(name)) found.push(value)
  if (url.password !== '') found.push(url.password, percentDecoded(url.password))
  for (const { name, value } of request?.postData?.params ?? [])
    if (value !== undefined && isSecretParameter(name)) found.push(value)
  const text = request?.postData?.text
  if (text !== undefined) found.push(...bodySecrets(text))
  return found.filter((value) => value !== '')
}
