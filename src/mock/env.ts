import type { MatchedOperation } from '../api/match-operation.js'
import type { ServerEnv } from '../server/index.js'
import type { Session } from './session.js'

/** What the mock's middleware hands to every handler: the server's env and the mock's own. */
export type MockEnv = {
  Bindings: ServerEnv['Bindings']
  Variables: ServerEnv['Variables'] & {
    session: Session
    /** The request's time, read once from the app's clock (ms since the epoch). */
    now: number
    /** The caller's user id (the session's user unless a token says otherwise). */
    userId: string
    /** The API operation the request calls, matched once by the API pipeline (none: 404 or 405). */
    operation: MatchedOperation | undefined
  }
}
