import { z } from '@hono/zod-openapi'
import { percentDecoded } from '../common/percent-decoded.js'
import {
  cookieValuesOf,
  credentialsOfHeader,
  isPublicValue,
  isSecretHeader,
  isSecretParameter,
  secretsOfText,
} from '../secrets/index.js'

// The credentials one HAR entry shows the app sending or being given, whatever host or path it
// went to: a token sent to another backend, a password posted to a login, a session cookie set by
// an answer may all come back later in an API answer the scenario keeps.

const NameValue = z.object({ name: z.string(), value: z.string() })
/** A list of name/value pairs, or none where the file has something else (the HAR reader's shape check is elsewhere). */
const Pairs = z.array(NameValue).optional().catch(undefined)

/** A body as HAR writes it: its media type, and its text or (a form's) its parsed fields. */
const Body = z.object({
  mimeType: z.string().optional().catch(undefined),
  text: z.string().optional().catch(undefined),
  encoding: z.string().optional().catch(undefined),
})

/** HAR 1.2's places that carry credentials, read leniently: what is not of this shape is skipped. */
const Carriers = z.object({
  request: z
    .object({
      headers: Pairs,
      cookies: Pairs,
      postData: Body.extend({
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
  response: z
    .object({ headers: Pairs, cookies: Pairs, content: Body.optional().catch(undefined) })
    .optional()
    .catch(undefined),
})
type Body = z.infer<typeof Body>

/** A body's text: base64 decoded (DevTools writes binary answers so); none where it does not decode. */
const textOf = ({ text, encoding }: Body): string | undefined => {
  if (text === undefined || encoding === undefined || encoding === '') return text
  if (encoding.toLowerCase() !== 'base64') return undefined
  try {
    const binary = atob(text)
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

/** The secret fields of a JSON body, of a multipart form, or of a form body. */
const bodySecrets = (body: Body | undefined): string[] => {
  const text = body === undefined ? undefined : textOf(body)
  return text === undefined || text === '' ? [] : [...secretsOfText(text, body?.mimeType ?? '')]
}

/**
 * A user name at least this long beside a password is a token too (`https://TOKEN:x-oauth-basic@`);
 * a shorter one is a login's name (`deploy`), which would mask an ordinary word.
 */
const MIN_TOKEN_USER_NAME = 20

/** A URL's credentials, as written and decoded: its password, and a user name standing for a token. */
const userInfoOf = ({ username, password }: URL): string[] => {
  const isToken = password === '' || username.length >= MIN_TOKEN_USER_NAME
  return [isToken ? username : '', password].flatMap((part) =>
    part === '' ? [] : [part, percentDecoded(part)],
  )
}

/** The credentials of HAR's header list: each credential header's value (each cookie on its own). */
const credentialsOfHeaders = (pairs: { name: string; value: string }[] | undefined) =>
  (pairs ?? []).flatMap(({ name, value }) =>
    isSecretHeader(name) ? credentialsOfHeader(name, value) : [],
  )

/**
 * Every credential `entry` carries, in its request and in its answer alike (a login answers with
 * the token the app sends from then on): credential headers (each cookie of a `Cookie` on its own,
 * the value each line of a `Set-Cookie` sets), HAR's parsed cookies, secret query and form
 * parameters (multipart ones too), the user name and password of a URL, and the secret fields of a
 * JSON body (an OAuth answer's `access_token`, a login's `pass`). The kit's ids are public.
 */
export const harCredentials = (entry: unknown, url: URL): string[] => {
  const parsed = Carriers.safeParse(entry)
  if (!parsed.success) return []
  const { request, response } = parsed.data
  const found: string[] = []
  found.push(...credentialsOfHeaders(request?.headers))
  found.push(...credentialsOfHeaders(response?.headers))
  for (const { name, value } of [...(request?.cookies ?? []), ...(response?.cookies ?? [])])
    found.push(...cookieValuesOf(`${name}=${value}`))
  for (const [name, value] of url.searchParams) if (isSecretParameter(name)) found.push(value)
  found.push(...userInfoOf(url))
  for (const { name, value } of request?.postData?.params ?? [])
    if (value !== undefined && isSecretParameter(name)) found.push(value)
  found.push(...bodySecrets(request?.postData), ...bodySecrets(response?.content))
  return found.filter((value) => value !== '' && !isPublicValue(value))
}
