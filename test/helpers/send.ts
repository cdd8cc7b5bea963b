import { typeid } from 'typeid-js'
import type { MockApp } from '../../src/mock/app.js'
import type { MockEnv } from '../../src/mock/env.js'

export type Sent = {
  status: number
  contentType: string | null
  headers: Headers
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown
  text: string
}

/**
 * The bindings of a request that came over the network (what @hono/node-server passes), without
 * a socket: the guards that only network requests meet (Host, cross-origin admin) apply.
 */
export const OVER_NETWORK: MockEnv['Bindings'] = { incoming: {} }

/** Sends a JSON request through `app.request()` (no port) and reads the whole answer. */
export const send = async (
  app: MockApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  env?: MockEnv['Bindings'],
): Promise<Sent> => {
  const res = await app.request(
    path,
    {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    },
    env,
  )
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    body: parsed,
    text,
  }
}

/** The pointers of a problem body's `errors`, or [] if it has none. */
export const pointersOf = (body: unknown): string[] => {
  if (
    typeof body !== 'object' ||
    body === null ||
    !('errors' in body) ||
    !Array.isArray(body.errors)
  )
    return []
  return body.errors.map((e: { pointer?: unknown }) => String(e.pointer))
}

/** A real TypeID of this prefix (never stored in any mock, so it names an unknown resource). */
export const unknownId = (prefix: string) => typeid(prefix).toString()

/** A clock that moves one second forward each time it is read, from a fixed start. */
export const steppingClock = (startMs = Date.UTC(2026, 0, 2), stepMs = 1_000) => {
  let now = startMs - stepMs
  return () => {
    now += stepMs
    return now
  }
}

export const FIXED_NOW = Date.UTC(2026, 5, 15, 12, 0, 0)
export const fixedClock = () => FIXED_NOW
