import type { Context, MiddlewareHandler } from 'hono'
import type { guardAdmin } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import type { resolveSession } from './resolve-session.js'

/** `/__mock/*`: the admin guard first (a refused page creates no session), session, body limit. */
export const adminPipeline =
  (stages: {
    guardAdmin: ReturnType<typeof guardAdmin>
    resolveSession: ReturnType<typeof resolveSession>
    checkBody: (c: Context<MockEnv>) => Response | undefined | Promise<Response | undefined>
  }): MiddlewareHandler<MockEnv> =>
  async (c, next) => {
    const refused = stages.guardAdmin(c) ?? stages.resolveSession(c) ?? (await stages.checkBody(c))
    if (refused) return refused
    await next()
    return undefined
  }
