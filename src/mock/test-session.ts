import type { z } from '@hono/zod-openapi'
import type { OperationId } from '../api/operations.js'
import { isJsonObject } from '../common/json-object.js'
import type { JournalEntry } from '../server/index.js'
import { Rule, type ScenarioStateInput } from './scenario.js'
import { scenarioErrorOf } from './scenario-error.js'
import type { stateOf } from './state-of.js'

/**
 * Where the mock is: an app in-process (`createMockApp()`, or the `app` of `createMswHandlers`),
 * a base URL of a running one (also a URL that msw/node intercepts), or a function answering that
 * URL when a request is made (a server a `beforeAll` starts: `() => server.url`).
 */
export type MockTarget =
  | { readonly request: (input: Request) => Response | Promise<Response> }
  | string
  | (() => string)

/** What `session.state()` answers: `GET /__mock/state` of the session. */
export type MockState = ReturnType<typeof stateOf>

/** What `session.seed()` takes: a scenario's `state` (workers, provider, organization). */
export type SeedState = ScenarioStateInput

/**
 * What `session.use()` takes: a rule as a scenario file's `rules[]` writes it (docs/scenarios.md),
 * typed from the same schema the mock checks it with.
 */
export type SessionRule = z.input<typeof Rule>

/** The `fetch` of a test session: `fetch`'s own signature, so any client takes it. */
export type SessionFetch = (input: Request | URL | string, init?: RequestInit) => Promise<Response>

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

/** Where relative paths of an in-process app resolve: Hono's `app.request` uses the same. */
const IN_PROCESS_ORIGIN = 'http://localhost'

/**
 * The request `input` and `init` make, aimed at the mock: its path and query on `base` whatever
 * origin it named (a client's `baseUrl`), its body read (bounded by the mock's own limit).
 */
const aimedAt = async (base: string, input: Request | URL | string, init?: RequestInit) => {
  const given = new Request(
    typeof input === 'string' && input.startsWith('/') ? `${IN_PROCESS_ORIGIN}${input}` : input,
    init,
  )
  const { pathname, search } = new URL(given.url)
  const hasBody = given.method !== 'GET' && given.method !== 'HEAD'
  return new Request(`${base}${pathname}${search}`, {
    method: given.method,
    headers: given.headers,
    signal: given.signal,
    ...(hasBody ? { body: await given.arrayBuffer() } : {}),
  })
}

/**
 * Whether an answer is the mock's state (`GET`/`PUT /__mock/state`): its session, workers and
 * providers are checked; a server that is not the mock fails here, loudly, not in the test.
 */
const isMockState = (body: unknown): body is MockState =>
  isJsonObject(body) &&
  typeof body['session'] === 'string' &&
  Array.isArray(body['workers']) &&
  Array.isArray(body['llmProviders'])

/** The mock's state from an answer, or an error naming what answered instead. */
const mockStateOf = (body: unknown): MockState => {
  if (!isMockState(body))
    throw new Error(
      "[worker-api-kit] /__mock/state answered something that is not the mock's state",
    )
  return body
}

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
  /**
   * A request in this session, with `fetch`'s signature: a path, a URL or a `Request` (its path and
   * query go to the mock, whatever origin it names). Your headers pass through, but the session's
   * own (`x-mock-session`, and `x-mock-scenario` when it has one) replace any you set: the fetch
   * is bound to its session, so `state()` and `reset()` describe the session its requests hit.
   */
  const sessionFetch: SessionFetch = async (input, init) => {
    const url = typeof target === 'function' ? target() : target
    const base = typeof url === 'string' ? url.replace(/\/+$/, '') : IN_PROCESS_ORIGIN
    const request = await aimedAt(base, input, init)
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
    if (typeof url === 'string') return fetch(request)
    const res = await url.request(request)
    // In-process, a dropped connection (a `reset` fault) is a network error (`Response.error()`,
    // the one answer with status 0): reject, as fetch does.
    if (res.status === 0) throw new TypeError('fetch failed: the mock dropped the connection')
    return res
  }
  const json = async (path: string, init?: RequestInit): Promise<unknown> => {
    const res = await sessionFetch(path, init)
    if (!res.ok)
      throw new Error(
        `[worker-api-kit] ${init?.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`,
      )
    return res.json()
  }
  /**
   * Adds a rule to this session (`POST /__mock/rules`): it applies before the scenario's rules
   * until `reset()`, `times` requests if it names a count. A rule the schema refuses throws here,
   * a `ScenarioError` naming each pointer, before anything is sent. Answers the rule's id.
   * @example await session.use({ match: { operation: 'createWorker' }, latency: 300 })
   */
  const use = async (rule: SessionRule): Promise<string> => {
    const checked = Rule.safeParse(rule)
    if (!checked.success) throw scenarioErrorOf('rule given to session.use', checked.error)
    const added = await json('/__mock/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rule),
    })
    const ruleId = isJsonObject(added) ? added['id'] : undefined
    if (typeof ruleId !== 'string')
      throw new Error("[worker-api-kit] /__mock/rules answered without the rule's id")
    return ruleId
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
    state: async (): Promise<MockState> => mockStateOf(await json('/__mock/state')),
    /**
     * Starts the session again from a known state (`PUT /__mock/state`, validated by the mock's
     * scenario schemas: a 400 problem throws) and forgets its requests; answers the new state.
     */
    seed: async (state: SeedState): Promise<MockState> =>
      mockStateOf(
        await json('/__mock/state', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(state),
        }),
      ),
    /** Starts the session again from its scenario, without the rules `use` added, and forgets its requests. */
    reset: async (): Promise<void> => {
      await json('/__mock/reset', { method: 'POST' })
    },
    use,
    /**
     * Scripts the next matching answer of this session only: `use` with `times: 1`.
     * @example await session.once({ match: { operation: 'updateWorker' }, problem: { status: 409 } })
     */
    once: (rule: SessionRule): Promise<string> => use({ ...rule, times: 1 }),
  }
}
export type TestSession = ReturnType<typeof createTestSession>

/** A test runner's `beforeEach`: vitest's, Jest's or node:test's all take a function. */
export type BeforeEachHook = (reset: () => Promise<void>) => unknown

export type UseTestSessionOptions = TestSessionOptions & {
  /** Your runner's `beforeEach`. Default: the global one (Jest, vitest with `globals: true`). */
  readonly beforeEach?: BeforeEachHook
}

/** The runner's global `beforeEach`, when it has one. */
const globalBeforeEach = (): BeforeEachHook | undefined => {
  const found: unknown = Reflect.get(globalThis, 'beforeEach')
  return typeof found === 'function'
    ? (reset) => Reflect.apply(found, globalThis, [reset])
    : undefined
}

/**
 * One isolated session for a whole test file, reset before each test: call it once at the top of
 * the file (vitest, Jest, node:test), then seed or use it in each test.
 * @example
 * // beforeEach: vitest's or node:test's; Jest's global one is found
 * const session = useTestSession(app, { beforeEach })
 * it('lists what it was given', async () => {
 *   await session.seed({ workers: [{ name: 'gpu box', destination: 'cloud', status: 'stopped' }] })
 *   expect((await session.state()).workers).toHaveLength(1)
 * })
 */
export const useTestSession = (target: MockTarget, options: UseTestSessionOptions = {}) => {
  const beforeEach = options.beforeEach ?? globalBeforeEach()
  if (!beforeEach)
    throw new Error(
      "[worker-api-kit] useTestSession found no beforeEach; pass your test runner's: useTestSession(app, { beforeEach })",
    )
  const session = createTestSession(target, options)
  beforeEach(() => session.reset())
  return session
}
