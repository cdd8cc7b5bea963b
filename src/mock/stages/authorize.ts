import type { Context } from 'hono'
import { BEARER_CHALLENGE } from '../../schemas/response-headers.js'
import { answerProblem, bearerToken } from '../../server/index.js'
import { userIdOfToken } from '../auth.js'
import type { MockEnv } from '../env.js'
import { MOCK_PROBLEMS } from '../problems.js'

/**
 * Auth mode (the app's `auth`, or the session's scenario): a bearer token is required, and it
 * decides the user (`createdByUserId`, `isMine`).
 */
export const authorize =
  (isAppAuth: boolean) =>
  (c: Context<MockEnv>): Response | undefined | Promise<undefined> => {
    // Off (the default): nothing to wait for.
    if (!(isAppAuth || c.get('session').scenario.auth)) return undefined
    const token = bearerToken(c.req.header('authorization'))
    if (token === undefined) {
      return answerProblem(c, MOCK_PROBLEMS.unauthorized(), {
        headers: { 'www-authenticate': BEARER_CHALLENGE },
      })
    }
    return userIdOfToken(token).then((userId) => {
      c.set('userId', userId)
      return undefined
    })
  }
