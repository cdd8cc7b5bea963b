import type { OperationId } from '../api/operations.js'
import type { JournalEntry } from './journal.js'

/** Where the mock is: an app in-process (`createMockApp()`), or a base URL of a running one. */
export type MockTarget =
  | { readonly request: (path: string, init?: RequestInit) => Response | Promise<Response> }
  | string

export type TestSessionOptions = {
  /**
   * The session id; default a fresh random one, so tests never share state. The name changes
   * no answer and no fault: those follow from the seed, scenario and requests alone.
   */
  readonly id?: string
  /** The scenario this session runs (`x-mock-scenario`). */
  readonly scenario?: string
}

let counter = 0

/** Most journal pages one `requests()` reads: the journal's byte bound fits in far fewer. */
const MAX_PAGES = 1_000

/** The journal's answer, as far as this helper needs to know it. */
const hasEntries = (body: unknown): body is { entries: JournalEntry[] } =>
  typeof body === 'object' && body !== null && Array.isArray(Reflect.get(body, 'entries'))

/**
 * An isolated session of the mock for one test: its own state and journal on a shared app or
 * server, through the `x-mock-session` header. Parallel tests never see each other's workers.
 * @example
 * const session = createTestSession(app)            // or createTestSession('http://127.0.0.1:4010')
 * await session.fetch('/v1/workers', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
 * expect(await session.requests({ operation: 'createWorker' })).toHaveLength(1)
 */
export const createTestSession = (target: MockTarget, options: TestSessionOptions = {}) => {
  counter++
  const id =
    options.id ??
    `test-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`
  const headers: Record<string, string> = {
    'x-mock-session': id,
    ...(options.scenario ? { 'x-mock-scenario': options.scenario } : {}),
  }
  /** A request in this session: the session headers are added to yours. */
  const sessionFetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const merged = new Headers(init.headers)
    for (const [name, value] of Object.entries(headers)) merged.set(name, value)
    const withSession = { ...init, headers: merged }
    return typeof target === 'string'
      ? fetch(`${target.replace(/\/+$/, '')}${path}`, withSession)
      : target.request(path, withSession)
  }
  const json = async (path: string, init?: RequestInit): Promise<unknown> => {
    const res = await sessionFetch(path, init)
    if (!res.ok)
      throw new Error(`[worker-api-kit] ${init?.method ?? 'GET'} ${path} answered ${res.status}`)
    return res.json()
  }
  return {
    id,
    /** Headers that put any request of yours in this session. */
    headers,
    fetch: sessionFetch,
    /** The requests this session made, oldest first (secrets masked), optionally of one operation. */
    requests: async (filter: { operation?: OperationId } = {}): Promise<JournalEntry[]> => {
      const entries: JournalEntry[] = []
      let after: unknown = null
      // Page by page (each answer is bounded): the journal itself holds at most MAX_PAGES' worth.
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          ...(filter.operation ? { operation: filter.operation } : {}),
          ...(after === null ? {} : { after: String(after) }),
        }).toString()
        const body: unknown = await json(`/__mock/requests${query ? `?${query}` : ''}`)
        if (!hasEntries(body))
          throw new Error('[worker-api-kit] /__mock/requests answered without entries')
        entries.push(...body.entries)
        after = Reflect.get(body, 'next') ?? null
        if (after === null) break
      }
      return entries
    },
    /** The session's state: organization, provider (key masked), workers with their current status. */
    state: async (): Promise<unknown> => json('/__mock/state'),
    /** Starts the session again from its scenario and forgets its requests. */
    reset: async (): Promise<void> => {
      await json('/__mock/reset', { method: 'POST' })
    },
  }
}
export type TestSession = ReturnType<typeof createTestSession>
