/**
 * The values a request's `x-mock-secrets` header names (the dashboard's replay sends what was typed
 * into its prompts, and names their places): `/headers/<name>`, `/body/<JSON pointer>` or `/body`.
 * Each is a secret of that exchange, learnt by the app's book before the journal keeps the request.
 */

export const SECRETS_HEADER = 'x-mock-secrets'
/** Places read from one header: as many as a replay prompts for. */
const MAX_PLACES = 64

const unescaped = (token: string) => token.replaceAll('~1', '/').replaceAll('~0', '~')

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The value at a JSON pointer (`/a/0/b`), when it is a string. */
const stringAt = (value: unknown, pointer: string): string | undefined => {
  let at = value
  for (const token of pointer.split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) return undefined
    const key = unescaped(token)
    if (!Object.hasOwn(at, key)) return undefined
    at = Reflect.get(at, key)
  }
  return typeof at === 'string' ? at : undefined
}

/** The strings at the places `header` names, read from the request's headers and body text. */
export const replaySecrets = (
  header: string,
  headers: Headers,
  body: string | undefined,
): string[] => {
  const found: string[] = []
  let json: unknown
  for (const place of header.split(/\s+/).slice(0, MAX_PLACES)) {
    if (place.startsWith('/headers/')) {
      const value = headers.get(place.slice('/headers/'.length))
      if (value !== null) found.push(value)
    } else if (place === '/body' && body !== undefined) found.push(body)
    else if (place.startsWith('/body/') && body !== undefined) {
      json ??= parsed(body)
      const value = stringAt(json, place.slice('/body'.length))
      if (value !== undefined) found.push(value)
    }
  }
  return found
}
