import { excerptStrings } from '../server/index.js'
import type { Session } from './session.js'

/**
 * A value about to leave the mock (a scenario export, MSW's saved state) with every string through
 * the app's book of secrets: a key or a token any session's clients sent never shows, in any form.
 */
export const maskedForWriting = <T>(session: Session, value: T): T =>
  excerptStrings(value, Number.POSITIVE_INFINITY, session.secrets.mask)
