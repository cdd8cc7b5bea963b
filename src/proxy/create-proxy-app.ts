import type { Context } from 'hono'
import { Hono } from 'hono'
import { printable } from '../common/printable.js'
import { baseUrlProblem, createTrafficJudge } from '../contract/index.js'
import { createRecording, type ScenarioInput } from '../mock/index.js'
import { credentialsOfHeader, isSecretHeader, redactText } from '../secrets/index.js'
import {
  ADMIN_PREFIX,
  type AllowedHosts,
  answerProblem,
  type CorsPolicy,
  createCors,
  createFrontGuard,
  createJournal,
  guardAdmin,
  limitBody,
  logLine,
  noRoute,
  onError,
  registerDashboard,
  registerJournalRoutes,
  SERVER_PROBLEMS,
  type ServerEnv,
} from '../server/index.js'
import { DEFAULT_PROXY_TIMEOUT_MS } from './defaults.js'
import { createFallback } from './fallback.js'
import type { Fetch } from './forward.js'
import { createInFlightStage } from './in-flight-budget.js'
import { type ExchangeNote, proxyExchange } from './proxy-exchange.js'
import { PROXY_PROBLEMS } from './proxy-problems.js'
import { createTargetHealth } from './target-health.js'

/** The largest request or answer body the proxy carries (bodies are read whole, to be judged). */
const MAX_PROXIED_BYTES = 8 * 1024 * 1024
/** Characters of one violation's message in a log line. */
const MAX_LOGGED_MESSAGE = 300
/** Characters of a line's violations, all of them. */
const MAX_LOGGED_LINE = 2_000

export type ProxyAppOptions = {
  /** The deployment to forward to, e.g. `https://staging.example.com` (a path prefix is kept). */
  target: string
  /** Headers added to every forwarded request (`-H`), e.g. a staging token. Masked everywhere. */
  headers?: Record<string, string>
  /** More values to mask in every form wherever they appear (e.g. header values read from the environment). */
  secrets?: readonly string[]
  /** Per forwarded request, answer included; past it the caller gets a 504 problem. Default 30 000. */
  timeoutMs?: number
  /** Answer from the mock (seeded with what was recorded) when the target gives no answer. */
  fallback?: boolean
  /** The file the recording is written to, for the dashboard and health (`--record`). */
  recordFile?: string
  /** A recording to go on from (the one `--record FILE` holds): a restart adds to it. */
  recorded?: ScenarioInput
  /** Why the recording's file could not be written lately, for health; undefined when it could. */
  recordingError?: () => string | undefined
  /** Called after each exchange that changed the recording (e.g. to write it to a file). */
  onRecorded?: (recording: ReturnType<typeof createRecording>) => void
  /** Also judge our conventions (the contract's --strict checks). */
  strict?: boolean
  /** One line per request, with its violations. Never a body or a header. */
  log?: (line: string) => void
  /**
   * As the mock's: which pages may call the proxy; the admin API only for origins named. Default
   * 'loopback'. A request of any other page is refused before the target sees it; `'*'` is refused
   * with `headers` (createProxyApp throws a TypeError).
   */
  cors?: CorsPolicy
  /** As the mock's: host names answered besides loopback names and IP literals. */
  allowedHosts?: AllowedHosts
  /** As the mock's: the admin API (`/__mock/*`) requires this token. */
  adminToken?: string
  /** The transport to the target. Default `fetch`; in tests, another app's `request`. */
  fetch?: Fetch
  /** Seed of the fallback mock. */
  seed?: number
}

/** The target as shown in problems and logs: origin and path. */
const targetNameOf = (target: URL) => redactText(`${target.origin}${target.pathname}`)

/**
 * Throws a TypeError naming the problem (one line, as the CLI prints it) when the options cannot
 * be served safely: a `target` that is not an http(s) URL, or holds credentials, a query or a
 * fragment (as `contract --base-url`); `cors: '*'` with `headers` (any page of any site would
 * send requests with them: name the pages' origins instead).
 */
export const checkProxyOptions = (
  options: Pick<ProxyAppOptions, 'target' | 'cors' | 'headers'>,
): URL => {
  const problem = baseUrlProblem(options.target, '--target')
  if (problem !== undefined) throw new TypeError(problem)
  if (options.cors === '*' && Object.keys(options.headers ?? {}).length > 0)
    throw new TypeError(
      "[worker-api-kit] --cors '*' would let a page of any site send requests through the proxy with its headers (-H, --header-file); name the pages' origins with --cors ORIGIN instead.",
    )
  return new URL(options.target)
}

const logSuffix = ({ violations, fallback }: ExchangeNote) =>
  `${fallback ? ' (fallback)' : ''}${violations
    .map((v) => ` ✗ ${v.check}${v.pointer ? ` ${v.pointer}` : ''}: ${v.message}`)
    .join('')}`

/**
 * The validating, recording proxy as a Hono app: every request to the API is forwarded to the
 * target, and every exchange judged with the contract suite's own checks. Violations go to the log
 * line, the journal (`GET /__mock/requests`, `violations`) and the dashboard; what the target
 * confirmed is recorded as a scenario the mock loads. Stages, in order: Host guard, no service
 * worker, no page `cors` does not allow (the target would get the proxy's headers), CORS, the
 * admin API (guarded as the mock's), then the exchange.
 */
export const createProxyApp = (options: ProxyAppOptions) => {
  const target = checkProxyOptions(options)
  const targetName = targetNameOf(target)
  const headers = options.headers ?? {}
  const journal = createJournal()
  const judge = createTrafficJudge({
    strict: options.strict,
    credentials: [
      ...Object.entries(headers)
        .filter(([name]) => isSecretHeader(name))
        .flatMap(([name, value]) => [value, ...credentialsOfHeader(name, value)]),
      ...(options.secrets ?? []),
      // Its own admin token: masked wherever a client repeats it, like every credential.
      ...(options.adminToken === undefined ? [] : [options.adminToken]),
    ],
  })
  const recording = createRecording(targetName, options.recorded)
  const fallback = options.fallback ? createFallback(recording, options.seed) : undefined
  const front = createFrontGuard({
    allowedHosts: options.allowedHosts ?? [],
    cors: createCors(options.cors ?? 'loopback'),
    server: 'proxy',
  })
  const targetHealth = createTargetHealth()
  const notes = new WeakMap<Request, ExchangeNote>()
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS

  const app = new Hono<ServerEnv>()
  app.use(async (c, next) => {
    const startedAt = performance.now()
    const refused = front(c)
    if (!refused) await next()
    if (options.log) {
      const note = notes.get(c.req.raw)
      const suffix = note ? printable(logSuffixCut(note), MAX_LOGGED_LINE) : ''
      // The path may hold a secret a request sent earlier (a key as a worker id): masked too.
      options.log(`${judge.mask(logLine(c, refused?.status ?? c.res.status, startedAt))}${suffix}`)
    }
    return refused
  })
  const guard = guardAdmin({ adminToken: options.adminToken })
  app.use(`${ADMIN_PREFIX}/*`, async (c, next) => {
    const refused = guard(c)
    if (refused) return refused
    await next()
    return undefined
  })
  app.get(`${ADMIN_PREFIX}/health`, (c) =>
    c.json({
      status: 'ok',
      mode: 'proxy',
      target: targetName,
      ...targetHealth.fields(),
      recording: `${recording.workers()} worker(s) ${options.recordFile === undefined ? '(in memory)' : `→ ${options.recordFile}`}${recording.dropped() > 0 ? `, the ${recording.dropped()} oldest dropped` : ''}`,
      recordingError: options.recordingError?.() ?? null,
      fallback: fallback !== undefined,
      checks: judge.checkIds,
    }),
  )
  registerJournalRoutes(app, journal)
  registerDashboard(app)
  // The rest of the admin prefix is the proxy's own, never the target's: a 404 here.
  const noAdminRoute = noRoute(undefined, () => app.routes)
  app.all(ADMIN_PREFIX, noAdminRoute)
  app.all(`${ADMIN_PREFIX}/*`, noAdminRoute)
  app.all(
    '*',
    proxyExchange({
      forwardOptions: {
        base: `${target.origin}${target.pathname.replace(/\/+$/, '')}`,
        headers,
        timeoutMs,
        maxAnswerBytes: MAX_PROXIED_BYTES,
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      },
      targetName,
      judge,
      journal,
      recording,
      onRecorded: () => options.onRecorded?.(recording),
      fallback,
      note: (c: Context, note) => notes.set(c.req.raw, note),
      checkBody: limitBody(MAX_PROXIED_BYTES, {
        tooLarge: (c) => answerProblem(c, PROXY_PROBLEMS.proxiedBodyTooLarge(MAX_PROXIED_BYTES)),
        broken: (c) => answerProblem(c, SERVER_PROBLEMS.brokenBody()),
      }),
      targetHealth,
      via: `worker-api-kit-${crypto.randomUUID().slice(0, 8)}`,
      inFlight: createInFlightStage(MAX_PROXIED_BYTES),
    }),
  )
  app.onError(onError(options.log))

  return Object.assign(app, {
    /** Every exchange, judged, as `GET /__mock/requests` serves it. */
    journal,
    /** What the target confirmed so far, as a scenario the mock loads. */
    recording,
    target: targetName,
    /** The ids of the contract checks every exchange is judged with. */
    checkIds: judge.checkIds,
  })
}
export type ProxyApp = ReturnType<typeof createProxyApp>

/** The violations of a log line, each message cut: a line stays a line. */
const logSuffixCut = (note: ExchangeNote): string =>
  logSuffix({
    ...note,
    violations: note.violations.map((v) => ({
      ...v,
      message:
        v.message.length > MAX_LOGGED_MESSAGE
          ? `${v.message.slice(0, MAX_LOGGED_MESSAGE)}…`
          : v.message,
    })),
  })
