// Requests to a server listening on 127.0.0.1, read whole. Builders only: no assertions here.

/** Bound of each request, in ms. */
const FETCH_TIMEOUT_MS = 5_000

export type Fetched = {
  status: number
  headers: Headers
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown
  text: string
}

/**
 * Sends `method path` to `base` with a JSON body (a value, or a string sent as it is), as a
 * page's script would (`content-type: application/json` unless `headers` say otherwise).
 */
export const fetchJson = async (
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Fetched> => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed, text }
}
