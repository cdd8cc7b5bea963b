// Every data call of the page goes through the admin API's own guard: with an admin token (or in
// auth mode), a 401 makes the page ask for the token, kept for this tab only (sessionStorage).

const TOKEN_KEY = 'worker-api-kit.admin-token'
/** Every call is bounded: a mock that stops answering leaves the page waiting this long at most. */
export const TIMEOUT_MS = 8_000

export type Answer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; body: unknown; message: string }

export const storedToken = (): string | null => sessionStorage.getItem(TOKEN_KEY)
export const storeToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token)
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY)

let onUnauthorized: () => void = () => {}
/** What the page does when a call answers 401: ask for the token. */
export const whenUnauthorized = (handler: () => void) => {
  onUnauthorized = handler
}

/** The detail of a problem+json answer, or its status. */
export const messageOf = (status: number, body: unknown) =>
  typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string'
    ? body.detail
    : `HTTP ${status}`

/** The admin headers of a call: the token kept for the tab, and the session ('' names none). */
export const adminHeaders = (session?: string): Record<string, string> => {
  const headers: Record<string, string> = {}
  const token = storedToken()
  if (token) headers['x-mock-admin-token'] = token
  // '' is the default session: no header names it (an empty header is refused).
  if (session) headers['x-mock-session'] = session
  return headers
}

export const call = async <T>(
  path: string,
  init: {
    method?: string
    session?: string
    body?: unknown
    /** A call that waits on purpose (a long poll) is bounded by this instead. */
    timeoutMs?: number
    /** Ends the call early (a long poll whose filters changed). */
    signal?: AbortSignal
  } = {},
): Promise<Answer<T>> => {
  const headers = adminHeaders(init.session)
  // A change is a JSON request: the admin guard refuses simple (form-like) writes.
  if (init.method && init.method !== 'GET') headers['content-type'] = 'application/json'
  try {
    const res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.any([
        AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS),
        ...(init.signal ? [init.signal] : []),
      ]),
      cache: 'no-store',
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    if (res.status === 401) onUnauthorized()
    return res.ok
      ? { ok: true, status: res.status, body: body as T }
      : { ok: false, status: res.status, body, message: messageOf(res.status, body) }
  } catch (error) {
    return {
      ok: false,
      status: 0,
      body: null,
      message: `the mock did not answer (${String(error)})`,
    }
  }
}
