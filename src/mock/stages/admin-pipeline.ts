import type { Context, MiddlewareHandler } from 'hono'
import type { guardAdmin } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import type { resolveSession } from './resolve-session.js'

/**
 * `/__mock/*`: the admin guard first (a refused page creates no session), session, body limit.
 * A request the admin API refuses (a 4xx: a bad body, a 409 at a bound, an unknown id) leaves the
 * session as it was: its routes change nothing before they accept, and a switch its
 * `x-mock-scenario` made is put back here.
 */
export const adminPipeline =
  (stages: {
    guardAdmin: ReturnType<typeof guardAdmin>
    resolveSession: ReturnType<typeof resolveSession>
    checkBody: (c: Context<MockEnv>) => Response | undefined | Promise<Response | undefined>
  }): MiddlewareHandler<MockEnv> =>
  async (c, next) => {
    const refused = stages.guardAdmin(c) ?? stages.resolveSession(c)
    if (refused) return refused
    const tooLarge = await stages.checkBody(c)
    if (!tooLarge) await next()
    if ((tooLarge ?? c.res).status >= 400) c.get('putBackSession')()
    return tooLarge
  }
