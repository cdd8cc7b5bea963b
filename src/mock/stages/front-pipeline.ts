import type { MiddlewareHandler } from 'hono'
import {
  ADMIN_PREFIX,
  type Cors,
  type checkHost,
  isApiPath,
  logLine,
  refuseServiceWorker,
  useAnswerHeaders,
} from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { loggedStatusOf } from './faults.js'

// Each pipeline is one middleware that calls its stages in turn: every `await next()` in Hono's
// compose costs ~10 µs a request, and five small middlewares cost more than the work they did
// (measured with the bench).

/** Every request: the Host guard, no service worker, CORS (and preflights), then the log line. */
export const frontPipeline = (stages: {
  checkHost: ReturnType<typeof checkHost>
  cors: Cors
  log: ((line: string) => void) | undefined
}): MiddlewareHandler<MockEnv> => {
  const { log } = stages
  return async (c, next) => {
    const startedAt = log ? performance.now() : 0
    const scope = c.req.path.startsWith(ADMIN_PREFIX) ? 'admin' : 'api'
    if (isApiPath(c.req.path)) useAnswerHeaders(c)
    const answer = stages.checkHost(c) ?? refuseServiceWorker(c) ?? stages.cors.apply(c, scope)
    if (!answer) await next()
    log?.(logLine(c, answer?.status ?? loggedStatusOf(c.res), startedAt))
    return answer
  }
}
