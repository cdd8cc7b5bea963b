import type { OperationId } from '../api/operations.js'
import { answerProblem } from '../server/index.js'
import { freshForMasked } from './fresh-for-masked.js'
import { createDrawTape } from './internal/draw-tape.js'
import { MOCK_PROBLEMS } from './problems.js'
import type { Latency, Rule } from './scenario.js'
import type { Session } from './session.js'

/** What a request offers the rules: its operation, path parameters and (lazily) its JSON body. */
export type RuleRequest = {
  readonly operationId: OperationId
  readonly params: Readonly<Record<string, string>>
  readonly body: () => Promise<unknown>
  readonly path: string
}

/** A rule that applied to a request, as the journal shows it: `latency 300 ms`, `respond 503`. */
export type AppliedRule = {
  /** Its place in the scenario's `rules`; -1 for a rule added at run time (or a Prefer header). */
  readonly index: number
  /** A rule added at run time: its id (`rule_<n>`); null for a scenario's rule. */
  readonly id: string | null
  readonly description: string | null
  /** What it did, its effects joined by `, `: `latency 300 ms, problem 429`. */
  readonly effect: string
}

/**
 * What the rules decided: answer now, break the connection, or cut the body of the real answer;
 * `applied`: the rules that applied, in order (empty when none did). When the request goes on,
 * `giveBack` undoes what the rules counted and drew for it, for a request the mock then refuses.
 */
export type RuleOutcome = { readonly applied: readonly AppliedRule[] } & (
  | { readonly kind: 'continue'; readonly truncate: boolean; readonly giveBack: () => void }
  | { readonly kind: 'respond'; readonly response: Response }
  | { readonly kind: 'reset' }
)

/** The outcome when the scenario has no rules: shared, so a request without rules allocates none. */
export const NO_RULES_APPLIED: readonly AppliedRule[] = Object.freeze([])

const DEFAULT_HANG_MS = 30_000

/** A share in [0, 1) drawn from the session's seed. */
type Draw = () => number

const latencyOf = (latency: Latency, draw: Draw) =>
  typeof latency === 'number'
    ? latency
    : Math.round(latency.min + draw() * (latency.max - latency.min))

const matches = async (rule: Rule, request: RuleRequest) => {
  const { operation, params, body } = rule.match
  if (operation !== '*' && operation !== request.operationId) return false
  for (const [name, value] of Object.entries(params ?? {}))
    if (request.params[name] !== value) return false
  if (body) {
    const sent = await request.body()
    if (typeof sent !== 'object' || sent === null) return false
    for (const [key, value] of Object.entries(body)) {
      if (JSON.stringify(Reflect.get(sent, key)) !== JSON.stringify(value)) return false
    }
  }
  return true
}

/** A rule applying: its effects so far. */
type Applying = { index: number; id: string | null; description: string | null; effects: string[] }

const settled = (applying: readonly Applying[]): AppliedRule[] =>
  applying.map(({ index, id, description, effects }) => ({
    index,
    id,
    description,
    effect: effects.join(', ') || 'none',
  }))

/** What a rule remembers across requests: how often it applied, its recent hits (rate limits). */
type RuleMemory = { applied: number; hits: number[] }

/** A rule of the session with its place, its id (added at run time) and its memory. */
type SessionRule = { rule: Rule; index: number; id: string | null; memory: RuleMemory }

/**
 * The session's rules in the order they apply: those added at run time first (as they stand when
 * the request comes: one deleted meanwhile still finishes it), then the scenario's.
 */
const rulesOf = (session: Session): SessionRule[] => [
  ...session.runtimeRules.map((added) => ({
    rule: added.rule,
    index: -1,
    id: added.id,
    memory: added,
  })),
  ...session.scenario.rules.map((rule, index) => ({
    rule,
    index,
    id: null,
    memory: {
      get applied() {
        return session.rules.applied[index] ?? 0
      },
      set applied(count: number) {
        session.rules.applied[index] = count
      },
      get hits() {
        return session.rules.hits[index] ?? []
      },
      set hits(hits: number[]) {
        session.rules.hits[index] = hits
      },
    },
  })),
]

/** What one request left in a rule's memory: a use counted, and its hit in a rate limit's window. */
type Trace = { readonly memory: RuleMemory; hitAt: number | undefined }

/**
 * Undoes what the rules counted and drew for a request the mock refused after them: a refused
 * request spends no `times`, no place in a window and no draw (docs/scenarios.md#scenarios).
 */
const givingBack = (traces: readonly Trace[], giveBackDraws: () => void) => () => {
  for (const trace of traces) {
    const { memory, hitAt } = trace
    memory.applied = Math.max(0, memory.applied - 1)
    const at = hitAt === undefined ? -1 : memory.hits.lastIndexOf(hitAt)
    if (at !== -1) memory.hits.splice(at, 1)
  }
  giveBackDraws()
}

const json = (status: number, body: unknown, headers: Record<string, string>) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  })

/**
 * Applies a session's rules (added at run time, then its scenario's), in order, to one request. Latency and hangs wait (bounded)
 * and go on to the next rule; a rate limit answers 429 past its limit; `respond`, `problem` and
 * `reset` end the request. Counters and draws belong to the session, so runs are deterministic.
 */
export const applyRules = async (
  session: Session,
  request: RuleRequest,
  { now, sleep }: { now: number; sleep: (ms: number) => Promise<void> },
): Promise<RuleOutcome> => {
  let truncate = false
  let applied: Applying[] | undefined
  const tape = createDrawTape(session.draws)
  const draw = () => tape.uint32() / 2 ** 32
  const traces: Trace[] = []
  for (const { rule, index, id, memory } of rulesOf(session)) {
    if (!(await matches(rule, request))) continue
    const count = memory.applied
    if (rule.times !== undefined && count >= rule.times) continue
    if (rule.probability !== undefined && draw() >= rule.probability) continue
    memory.applied = count + 1
    const trace: Trace = { memory, hitAt: undefined }
    traces.push(trace)
    const effects: string[] = []
    applied ??= []
    applied.push({ index, id, description: rule.description ?? null, effects })
    if (rule.rateLimit) {
      const { limit, windowMs } = rule.rateLimit
      const hits = memory.hits.filter((at) => at > now - windowMs)
      memory.hits = hits
      if (hits.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((hits[0] ?? now) + windowMs - now) / 1000))
        effects.push('rate-limit 429')
        return {
          kind: 'respond',
          response: answerProblem(
            request.path,
            MOCK_PROBLEMS.rateLimited(limit, windowMs, retryAfter),
            {
              headers: { 'retry-after': String(retryAfter) },
            },
          ),
          applied: settled(applied),
        }
      }
      hits.push(now)
      trace.hitAt = now
      effects.push(`rate-limit ${hits.length} of ${limit}`)
    }
    if (rule.latency !== undefined) {
      const ms = latencyOf(rule.latency, draw)
      effects.push(`latency ${ms} ms`)
      await sleep(ms)
    }
    if (rule.respond) {
      effects.push(`respond ${rule.respond.status}`)
      return {
        kind: 'respond',
        response: json(
          rule.respond.status,
          freshForMasked(rule.respond.body, session.random),
          rule.respond.headers ?? {},
        ),
        applied: settled(applied),
      }
    }
    if (rule.problem) {
      const { status, title, detail } = rule.problem
      effects.push(`problem ${status}`)
      return {
        kind: 'respond',
        response: answerProblem(request.path, MOCK_PROBLEMS.scenario(status, title, detail)),
        applied: settled(applied),
      }
    }
    if (rule.fault) effects.push(`fault ${rule.fault}`)
    if (rule.fault === 'reset') return { kind: 'reset', applied: settled(applied) }
    if (rule.fault === 'hang') await sleep(rule.hangMs ?? DEFAULT_HANG_MS)
    if (rule.fault === 'truncate') truncate = true
  }
  return {
    kind: 'continue',
    truncate,
    applied: applied ? settled(applied) : NO_RULES_APPLIED,
    giveBack: givingBack(traces, tape.giveBack),
  }
}
