import type { Context, MiddlewareHandler } from 'hono'
import { ADMIN_PREFIX } from '../admin.js'
import type { MockEnv } from '../env.js'
import { matchOperation } from '../internal/match-operation.js'
import { type AppliedRule, NO_RULES_APPLIED } from '../rules.js'
import type { applyScenario } from './apply-scenario.js'
import type { authorize } from './authorize.js'
import type { checkHost } from './check-host.js'
import type { Cors } from './cors.js'
import { truncated } from './faults.js'
import type { guardAdmin } from './guard-admin.js'
import { logLine } from './log-request.js'
import type { recordExchange } from './record-exchange.js'
import type { resolveSession } from './resolve-session.js'

type Stage<Make extends (...args: never[]) => unknown> = ReturnType<Make>
type BodyCheck = (c: Context<MockEnv>) => Promise<Response | undefined>

// Each pipeline is one middleware that calls its stages in turn: every `await next()` in Hono's
// compose costs ~10 µs a request, and five small middlewares cost more than the work they did
// (measured with the bench).

/** Every request: the Host guard, CORS (and preflights), then the log line. */
export const frontPipeline = (stages: {
  checkHost: Stage<typeof checkHost>
  cors: Cors
  log: ((line: string) => void) | undefined
}): MiddlewareHandler<MockEnv> => {
  const { log } = stages
  return async (c, next) => {
    const startedAt = log ? performance.now() : 0
    const scope = c.req.path.startsWith(ADMIN_PREFIX) ? 'admin' : 'api'
    const answer = stages.checkHost(c) ?? stages.cors.apply(c, scope)
    if (!answer) await next()
    log?.(logLine(c, answer?.status ?? c.res.status, startedAt))
    return answer
  }
}

/**
 * What the answer was written from with `c.json` (a value) or `c.body` (a text), kept for the
 * journal: in-process (`app.request`, MSW) the answer is a native Response, whose body costs a
 * clone and a stream to read again (it doubled the CPU of an in-process create, and the clones
 * were kept: ~4.6 KB a request).
 */
const writtenOf = (c: Context<MockEnv>) => {
  const kept: { res?: Response; json?: unknown; text?: string } = {}
  const json = c.json as unknown as (...args: unknown[]) => Response
  const body = c.body as unknown as (...args: unknown[]) => Response
  c.json = ((value: unknown, ...rest: unknown[]) => {
    const res = json(value, ...rest)
    Object.assign(kept, { res, json: value, text: undefined })
    return res
  }) as typeof c.json
  c.body = ((data: unknown, ...rest: unknown[]) => {
    const res = body(data, ...rest)
    Object.assign(kept, { res, json: undefined, text: typeof data === 'string' ? data : undefined })
    return res
  }) as typeof c.body
  return kept
}

/** `/v1/*`: session, body limit, auth, scenario rules, then the route (validation and handler), journalled. */
export const apiPipeline =
  (stages: {
    resolveSession: Stage<typeof resolveSession>
    checkBody: BodyCheck
    authorize: Stage<typeof authorize>
    applyScenario: Stage<typeof applyScenario>
    recordExchange: Stage<typeof recordExchange>
  }): MiddlewareHandler<MockEnv> =>
  async (c, next) => {
    const startedAt = performance.now()
    const refused = stages.resolveSession(c)
    if (refused) return refused
    const operation = matchOperation(c.req.method, c.req.path)
    const written = writtenOf(c)
    let answer = (await stages.checkBody(c)) ?? (await stages.authorize(c))
    let truncate = false
    let rules: readonly AppliedRule[] = NO_RULES_APPLIED
    if (!answer) ({ answer, truncate, applied: rules } = await stages.applyScenario(c, operation))
    if (!answer) {
      await next()
      if (truncate) c.res = await truncated(c.res)
    }
    const response = answer ?? c.res
    await stages.recordExchange(
      c,
      operation,
      {
        response,
        isStreamed: truncate,
        rules,
        ...(written.res === response ? { written } : {}),
      },
      startedAt,
    )
    return answer
  }

/** `/__mock/*`: the admin guard first (a refused page creates no session), session, body limit. */
export const adminPipeline =
  (stages: {
    guardAdmin: Stage<typeof guardAdmin>
    resolveSession: Stage<typeof resolveSession>
    checkBody: BodyCheck
  }): MiddlewareHandler<MockEnv> =>
  async (c, next) => {
    const refused = stages.guardAdmin(c) ?? stages.resolveSession(c) ?? (await stages.checkBody(c))
    if (refused) return refused
    await next()
    return undefined
  }
