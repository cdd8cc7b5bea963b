import { excerptStrings } from '../common/excerpt.js'
import type { Session } from './session.js'

/**
 * The app's book of secrets as the mock's data is shown and written (the state view, a scenario
 * export, MSW's saved state): a key or a token any session's clients sent never shows, in any
 * form, and a string masking made longer (a 6-character secret is a 10-character `[REDACTED]`) is
 * cut back to its length: the string was within its field's bounds, and an export must load again
 * with what the state view shows.
 */
export const maskWithinLength =
  (session: Session) =>
  (text: string): string => {
    const masked = session.secrets.mask(text)
    return masked.length > text.length ? masked.slice(0, text.length) : masked
  }

/** A value about to leave the mock with every string masked within its length. */
export const maskedForWriting = <T>(session: Session, value: T): T =>
  excerptStrings(value, Number.POSITIVE_INFINITY, maskWithinLength(session))
