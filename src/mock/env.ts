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
    /**
     * Undoes the scenario switch this request's `x-mock-scenario` made (the session before comes
     * back): the pipelines call it when the mock refuses the request.
     */
    putBackSession: () => void
  }
}
