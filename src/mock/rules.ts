import type { OperationId } from '../api/operations.js'
import { PROBLEMS, problemAt } from './problem.js'
import type { Latency, Rule } from './scenario.js'
import type { Session } from './session.js'

/** What a request offers the rules: its operation, path parameters and (lazily) its JSON body. */
export type RuleRequest = {
  readonly operationId: OperationId
  readonly params: Readonly<Record<string, string>>
  readonly body: () => Promise<unknown>
  readonly path: string
}

/** What the rules decided: answer now, break the connection, or cut the body of the real answer. */
export type RuleOutcome =
  | { readonly kind: 'continue'; readonly truncate: boolean }
  | { readonly kind: 'respond'; readonly response: Response }
  | { readonly kind: 'reset' }

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
  const { rules } = session.scenario
  for (const [index, rule] of rules.entries()) {
    if (!(await matches(rule, request))) continue
    const applied = session.rules.applied[index] ?? 0
    if (rule.times !== undefined && applied >= rule.times) continue
    if (rule.probability !== undefined && draw(session) >= rule.probability) continue
    session.rules.applied[index] = applied + 1
    if (rule.rateLimit) {
      const { limit, windowMs } = rule.rateLimit
      const hits = (session.rules.hits[index] ?? []).filter((at) => at > now - windowMs)
      session.rules.hits[index] = hits
      if (hits.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((hits[0] ?? now) + windowMs - now) / 1000))
        return {
          kind: 'respond',
          response: problemAt(request.path, PROBLEMS.rateLimited(limit, windowMs, retryAfter), {
            'retry-after': String(retryAfter),
          }),
        }
      }
      hits.push(now)
    }
    if (rule.latency !== undefined) await sleep(latencyOf(rule.latency, session))
    if (rule.respond)
      return {
        kind: 'respond',
        response: json(rule.respond.status, rule.respond.body, rule.respond.headers ?? {}),
      }
    if (rule.problem) {
      const { status, title, detail } = rule.problem
      return {
        kind: 'respond',
        response: problemAt(request.path, PROBLEMS.scenario(status, title, detail)),
      }
    }
    if (rule.fault === 'reset') return { kind: 'reset' }
    if (rule.fault === 'hang') await sleep(rule.hangMs ?? DEFAULT_HANG_MS)
    if (rule.fault === 'truncate') truncate = true
  }
  return { kind: 'continue', truncate }
}
