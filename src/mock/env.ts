import type { Session } from './session.js'

/** What the mock's middleware hands to every handler. */
export type MockEnv = {
  Variables: {
    session: Session
    /** The request's time, read once from the app's clock (ms since the epoch). */
    now: number
    /** The caller's user id (the session's user unless a token says otherwise). */
    userId: string
  }
}
