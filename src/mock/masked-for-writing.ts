import { excerptStrings } from '../server/index.js'
import type { Session } from './session.js'

/**
 * A value about to leave the mock (a scenario export, MSW's saved state) with every string through
 * the app's book of secrets: a key or a token any session's clients sent never shows, in any form.
 * A string masking made longer (a 6-character secret is a 10-character `[REDACTED]`) is cut back
 * to its length: the file must load again, and the string was within its field's bounds.
 */
export const maskedForWriting = <T>(session: Session, value: T): T =>
  excerptStrings(value, Number.POSITIVE_INFINITY, (text) => {
    const masked = session.secrets.mask(text)
    return masked.length > text.length ? masked.slice(0, text.length) : masked
  })
