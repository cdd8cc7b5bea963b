import { Hono } from 'hono'
import { type MockControl, registerAdmin } from './admin.js'
import { DEFAULT_SEED, MAX_BODY_BYTES } from './defaults.js'
import type { MockEnv } from './env.js'
import { limitBody } from './internal/limit-body.js'
import { sleep } from './internal/sleep.js'
import { createJournal, DEFAULT_MAX_JOURNAL } from './journal.js'
import { PROBLEMS, problemResponseOf } from './problem.js'
import { EMPTY_STATE, type ScenarioInput } from './scenario.js'
import { createScenarioCatalog } from './scenario-catalog.js'
import { createSessions, DEFAULT_MAX_SESSIONS } from './session.js'
import { adminPipeline } from './stages/admin-pipeline.js'
import { answerOperation } from './stages/answer-operation.js'
import { apiPipeline } from './stages/api-pipeline.js'
import { applyScenario } from './stages/apply-scenario.js'
import { authorize } from './stages/authorize.js'
import { type AllowedHosts, checkHost } from './stages/check-host.js'
import { type CorsPolicy, createCors } from './stages/cors.js'
import { notFound, onError } from './stages/errors.js'
import { frontPipeline } from './stages/front-pipeline.js'
import { guardAdmin } from './stages/guard-admin.js'
import { registerPublicRoutes } from './stages/public-routes.js'
import { recordExchange } from './stages/record-exchange.js'
import { resolveSession } from './stages/resolve-session.js'
import { DEFAULT_STORE_LIMITS } from './store.js'

export { MAX_BODY_BYTES } from './defaults.js'

type MockLimits = {
  /** Workers kept per session; the oldest is dropped past it. Default 10 000. */
  maxWorkers?: number
  /** Sessions kept; the least recently used is dropped past it. Default 100. */
  maxSessions?: number
  /** Journal entries kept (all sessions); the oldest go first. Default 1 000. */
  maxJournal?: number
  /** Bytes of workers kept per session; the oldest is dropped past it. Default 8 MiB. */
  maxSessionBytes?: number
  /** Bytes of workers kept over all sessions; the least recently used sessions go first. Default 256 MiB. */
  maxTotalBytes?: number
}

export type MockAppOptions = {
  /** Seeds ids, tokens and faker data: the same seed and requests give the same answers. Default 1. */
  seed?: number
  /** The time in ms since the epoch; fix it in tests. Default `Date.now`. */
  clock?: () => number
  /**
   * Which web pages may call the mock: `'loopback'` (pages on localhost, 127.x or [::1], any
   * port), `'*'` (any page, API only, no credentials), one origin or a list (API and admin API,
   * with credentials), or `false` for no CORS headers. Default `'loopback'`.
   */
  cors?: CorsPolicy | string
  /**
   * Host names the mock answers over the network besides loopback names and IP addresses (a
   * leading dot allows subdomains), or `true` for any. Default: none.
   */
  allowedHosts?: AllowedHosts
  /** The admin API (`/__mock/*`) requires this token: `Authorization: Bearer T` or `x-mock-admin-token: T`. */
  adminToken?: string
  /** Receives one line per request: method, path, status, milliseconds. Never a body or header. */
  log?: (line: string) => void
  /** Bounds of the in-memory state. */
  limits?: MockLimits
  /** The scenario every session starts with: a shipped name, a file path, or a scenario object. Default `default`. */
  scenario?: string | ScenarioInput
  /** More scenarios, by name, for `x-mock-scenario` and `PUT /__mock/scenario`. */
  scenarios?: readonly ScenarioInput[]
  /** Require `Authorization: Bearer <token>` whatever the scenario says (the admin API too). */
  auth?: boolean
  /** How the mock waits (scenario latency and hangs). Tests can record instead of waiting. */
  sleep?: (ms: number) => Promise<void>
}

/** The policy a `cors` option names: a single origin string is a list of one. */
const corsPolicyOf = (cors: MockAppOptions['cors']): CorsPolicy => {
  if (cors === undefined) return 'loopback'
  if (cors === '*' || cors === 'loopback' || cors === false || typeof cors !== 'string') return cors
  return [cors]
}

/**
 * The mock API as a Hono app: the three operations, `/openapi.json`, `/docs` and the admin API
 * under `/__mock`. Use `app.request()` in tests (no port), or serve it with `startMockServer`.
 * Every request goes through named stages (src/mock/stages): front (Host guard, CORS, log), then
 * the API pipeline or the admin guard, then the route.
 */
export const createMockApp = (options: MockAppOptions = {}) => {
  const clock = options.clock ?? Date.now
  const stopping = new AbortController()
  const catalog = createScenarioCatalog(options.scenarios)
  let appScenario =
    options.scenario === undefined
      ? catalog.initial()
      : catalog.resolve(options.scenario, { files: true })
  const seed = options.seed ?? DEFAULT_SEED
  const sessions = createSessions({
    seed,
    limits: {
      maxWorkers: options.limits?.maxWorkers ?? DEFAULT_STORE_LIMITS.maxWorkers,
      maxBytes: options.limits?.maxSessionBytes,
    },
    maxSessions: options.limits?.maxSessions ?? DEFAULT_MAX_SESSIONS,
    maxTotalBytes: options.limits?.maxTotalBytes,
    clock,
    scenario: () => appScenario,
    defaultState: () => catalog.initial().state ?? EMPTY_STATE,
  })
  const journal = createJournal(options.limits?.maxJournal ?? DEFAULT_MAX_JOURNAL)
  const control: MockControl = {
    sessions,
    journal,
    useScenario: (scenario, sessionId) => {
      // A name only, never a file path: the admin API must not read the disk.
      const found = catalog.resolve(scenario, { files: false })
      // Built before it is adopted: a scenario that fails to build changes nothing.
      const session = sessions.use(sessionId, found)
      if (sessionId === '') appScenario = found
      return session
    },
    lookupScenario: (name) => catalog.lookup(name),
    scenarioNames: catalog.names,
    clock,
    startedAt: clock(),
  }
  const defaultSession = sessions.get('')
  const cors = createCors(corsPolicyOf(options.cors))
  const session = resolveSession({ sessions, catalog, clock })
  const checkBody = limitBody(MAX_BODY_BYTES, {
    tooLarge: (c) => problemResponseOf(c, PROBLEMS.payloadTooLarge()),
    broken: (c) => problemResponseOf(c, PROBLEMS.brokenBody()),
  })

  const handleError = onError(options.log)

  const app = new Hono<MockEnv>()
  app.use(
    frontPipeline({ checkHost: checkHost(options.allowedHosts ?? []), cors, log: options.log }),
  )
  app.all(
    '/v1/*',
    apiPipeline({
      resolveSession: session,
      checkBody,
      authorize: authorize(options.auth === true),
      applyScenario: applyScenario({
        sleep: options.sleep ?? ((ms) => sleep(ms, stopping.signal)),
        cors,
      }),
      answerOperation: answerOperation(handleError),
      recordExchange: recordExchange(journal),
    }),
  )
  app.use(
    '/__mock/*',
    adminPipeline({
      guardAdmin: guardAdmin({
        cors: corsPolicyOf(options.cors),
        adminToken: options.adminToken,
        auth: options.auth,
      }),
      resolveSession: session,
      checkBody,
    }),
  )
  registerAdmin(app, control, { auth: options.auth })
  registerPublicRoutes(app, () => ({
    scenario: appScenario.name,
    orgId: defaultSession.orgId,
    llmProviderId: defaultSession.llmProviderId,
  }))
  app.notFound(notFound)
  app.onError(handleError)

  return Object.assign(app, {
    /** The organization and LLM provider every session starts with (fixed per seed). */
    ids: { orgId: defaultSession.orgId, llmProviderId: defaultSession.llmProviderId },
    /** The mock's seed: it fixes `ids`; a scenario's own seed seeds only its data and faults. */
    seed,
    /** Reset, switch scenario, read state and the journal, in-process. */
    control,
    /** The scenario sessions start with. */
    scenario: () => appScenario,
    /** Ends every pending scenario wait (latency, hang) now: the mock is stopping. */
    stop: () => stopping.abort(),
  })
}
export type MockApp = ReturnType<typeof createMockApp>
