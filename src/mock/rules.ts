import type { OperationId } from '../api/operations.js'
import { answerProblem, PROBLEMS } from '../server/index.js'
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
  /** A rule added at run time: its id (`rule_1`); a rule of the scenario file has none. */
  readonly id?: string | undefined
  /** Its place in the scenario's `rules`. */
  readonly index: number
  readonly description: string | null
  /** What it did, its effects joined by `, `: `latency 300 ms, problem 429`. */
  readonly effect: string
}

/**
 * What the rules decided: answer now, break the connection, or cut the body of the real answer;
 * `applied`: the rules that applied, in order (empty when none did).
 */
export type RuleOutcome = { readonly applied: readonly AppliedRule[] } & (
  | { readonly kind: 'continue'; readonly truncate: boolean }
  | { readonly kind: 'respond'; readonly response: Response }
  | { readonly kind: 'reset' }
)

/** The outcome when the scenario has no rules: shared, so a request without rules allocates none. */
export const NO_RULES_APPLIED: readonly AppliedRule[] = Object.freeze([])

const DEFAULT_HANG_MS = 30_000

const draw = (session: Session) => session.draws.uint32() / 2 ** 32

const latencyOf = (latency: Latency, session: Session) =>
  typeof latency === 'number'
    ? latency
    : Math.round(latency.min + draw(session) * (latency.max - latency.min))

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
type Applying = { index: number; description: string | null; effects: string[] }

const settled = (applying: readonly Applying[]): AppliedRule[] =>
  applying.map(({ index, description, effects }) => ({
    index,
    description,
    effect: effects.join(', ') || 'none',
  }))

const json = (status: number, body: unknown, headers: Record<string, string>) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  })

/**
 * Applies a session's scenario rules, in order, to one request. Latency and hangs wait (bounded)
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
  const { rules } = session.scenario
  for (const [index, rule] of rules.entries()) {
    if (!(await matches(rule, request))) continue
    const count = session.rules.applied[index] ?? 0
    if (rule.times !== undefined && count >= rule.times) continue
    if (rule.probability !== undefined && draw(session) >= rule.probability) continue
    session.rules.applied[index] = count + 1
    const effects: string[] = []
    applied ??= []
    applied.push({ index, description: rule.description ?? null, effects })
    if (rule.rateLimit) {
      const { limit, windowMs } = rule.rateLimit
      const hits = (session.rules.hits[index] ?? []).filter((at) => at > now - windowMs)
      session.rules.hits[index] = hits
      if (hits.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((hits[0] ?? now) + windowMs - now) / 1000))
        effects.push('rate-limit 429')
        return {
          kind: 'respond',
          response: answerProblem(request.path, PROBLEMS.rateLimited(limit, windowMs, retryAfter), {
            headers: { 'retry-after': String(retryAfter) },
          }),
          applied: settled(applied),
        }
      }
      hits.push(now)
      effects.push(`rate-limit ${hits.length} of ${limit}`)
    }
    if (rule.latency !== undefined) {
      const ms = latencyOf(rule.latency, session)
      effects.push(`latency ${ms} ms`)
      await sleep(ms)
    }
    if (rule.respond) {
      effects.push(`respond ${rule.respond.status}`)
      return {
        kind: 'respond',
        response: json(rule.respond.status, rule.respond.body, rule.respond.headers ?? {}),
        applied: settled(applied),
      }
    }
    if (rule.problem) {
      const { status, title, detail } = rule.problem
      effects.push(`problem ${status}`)
      return {
        kind: 'respond',
        response: answerProblem(request.path, PROBLEMS.scenario(status, title, detail)),
        applied: settled(applied),
      }
    }
    if (rule.fault) effects.push(`fault ${rule.fault}`)
    if (rule.fault === 'reset') return { kind: 'reset', applied: settled(applied) }
    if (rule.fault === 'hang') await sleep(rule.hangMs ?? DEFAULT_HANG_MS)
    if (rule.fault === 'truncate') truncate = true
  }
  return { kind: 'continue', truncate, applied: applied ? settled(applied) : NO_RULES_APPLIED }
}
