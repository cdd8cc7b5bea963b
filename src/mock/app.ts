import { type Context, Hono } from 'hono'
import { baseUrlProblem } from '../common/base-url-problem.js'
import {
  answerProblem,
  type CorsPolicy,
  createCors,
  createFrontGuard,
  createJournal,
  DEFAULT_MAX_JOURNAL,
  DEFAULT_SEED,
  guardAdmin,
  limitBody,
  MAX_BODY_BYTES,
  noRoute,
  onError,
  SERVER_PROBLEMS,
} from '../server/index.js'
import { type MockControl, registerAdmin } from './admin.js'
import type { MockEnv } from './env.js'
import { sleep } from './internal/sleep.js'
import type { MockAppOptions } from './mock-app-options.js'
import { isMockedRequest } from './mocked-routes.js'
import { MOCK_PROBLEMS } from './problems.js'
import { EMPTY_STATE } from './scenario.js'
import { createScenarioCatalog } from './scenario-catalog.js'
import { createSessions, DEFAULT_MAX_SESSIONS } from './sessions.js'
import { adminPipeline } from './stages/admin-pipeline.js'
import { answerOperation } from './stages/answer-operation.js'
import { apiPipeline } from './stages/api-pipeline.js'
import { applyScenario } from './stages/apply-scenario.js'
import { authorize } from './stages/authorize.js'
import { frontPipeline } from './stages/front-pipeline.js'
import { isPublicPath, registerPublicRoutes } from './stages/public-routes.js'
import { recordMockExchange } from './stages/record-exchange.js'
import { resolveSession } from './stages/resolve-session.js'
import { DEFAULT_STORE_LIMITS } from './store.js'

export { MAX_BODY_BYTES } from '../server/index.js'

export type { MockAppOptions } from './mock-app-options.js'

/** How long a `--passthrough` backend has to answer, answer included (as the proxy's target). */
const DEFAULT_PASSTHROUGH_TIMEOUT_MS = 30_000

/** The `passthrough` option as a URL, or a TypeError naming what is wrong (one line, as the CLI prints it). */
const passthroughTarget = (value: string): URL => {
  const problem = baseUrlProblem(value, '--passthrough')
  if (problem !== undefined) throw new TypeError(problem)
  return new URL(value)
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
  // Its own admin token: masked wherever a client repeats it, like every credential.
  if (options.adminToken !== undefined) sessions.secrets.learn([options.adminToken])
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
    tooLarge: (c) => answerProblem(c, SERVER_PROBLEMS.payloadTooLarge()),
    broken: (c) => answerProblem(c, SERVER_PROBLEMS.brokenBody()),
  })

  const handleError = onError(options.log)
  const recorder = recordMockExchange(journal)
  const passThroughTo =
    options.passthrough === undefined ? undefined : passthroughTarget(options.passthrough)
  // The forwarder loads on the first request it passes on: a page's MSW bundle starts without it.
  let passThroughStage: Promise<(c: Context<MockEnv>) => Promise<Response>> | undefined
  const passedThrough =
    passThroughTo === undefined
      ? undefined
      : async (c: Context<MockEnv>) => {
          passThroughStage ??= import('./stages/pass-through.js').then(({ passThrough }) =>
            passThrough(
              {
                target: passThroughTo,
                timeoutMs: options.passthroughTimeoutMs ?? DEFAULT_PASSTHROUGH_TIMEOUT_MS,
              },
              { resolveSession: session, checkBody, recordExchange: recorder },
            ),
          )
          return (await passThroughStage)(c)
        }

  const app = new Hono<MockEnv>()
  app.use(
    frontPipeline({
      guard: createFrontGuard({ allowedHosts: options.allowedHosts ?? [], cors, server: 'mock' }),
      log: options.log,
      mask: sessions.secrets.mask,
    }),
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
      recordExchange: recorder,
      passThrough: passedThrough,
    }),
  )
  app.use(
    '/__mock/*',
    adminPipeline({
      guardAdmin: guardAdmin({ adminToken: options.adminToken, auth: options.auth }),
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
  // The admin API and the mock's own pages are its own whatever the method: never passed through.
  // Another method on a path of the admin API or the pages: a 405 with the methods it takes.
  const ownNoRoute = noRoute(SERVER_PROBLEMS.routeNotFound, () => app.routes)
  const apiNoRoute = noRoute(MOCK_PROBLEMS.routeNotFound, () => app.routes)
  app.notFound((c) => {
    const isOwn = isMockedRequest(c.req.method, c.req.path) || isPublicPath(c.req.path)
    if (passedThrough && !isOwn) return passedThrough(c)
    // `--passthrough` is named only where it would help: not on the mock's own paths, and not
    // to a mock started with it.
    return isOwn || passedThrough ? ownNoRoute(c) : apiNoRoute(c)
  })
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
