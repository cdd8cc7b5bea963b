import type { MiddlewareHandler } from 'hono'
import { type createFrontGuard, isApiPath, logLine, useAnswerHeaders } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { loggedStatusOf } from './faults.js'

// Each pipeline is one middleware that calls its stages in turn: every `await next()` in Hono's
// compose costs ~10 µs a request, and five small middlewares cost more than the work they did
// (measured with the bench).

/**
 * Every request: the front guard (Host, no service worker, the origin rule, CORS and preflights),
 * then the log line.
 */
export const frontPipeline = (stages: {
  guard: ReturnType<typeof createFrontGuard>
  log: ((line: string) => void) | undefined
  /** Masks what the app's book knows in the line (a JWT a path carried). */
  mask: (text: string) => string
}): MiddlewareHandler<MockEnv> => {
  const { log } = stages
  return async (c, next) => {
    const startedAt = log ? performance.now() : 0
    if (isApiPath(c.req.path)) useAnswerHeaders(c)
    const answer = stages.guard(c)
    if (!answer) await next()
    log?.(logLine(c, answer?.status ?? loggedStatusOf(c.res), startedAt, stages.mask))
    return answer
  }
}
