import { redactText } from '../secrets/index.js'

/**
 * A request's path with its credentials masked by their look (`/v1/workers/Bearer%20…`, a
 * `token=` segment: redactText) and what `mask` knows masked, still a path: segment by segment
 * when no secret spans a `/` (`/v1/workers/[REDACTED]`), else masked whole behind its leading `/`.
 * Masked whole only, a path could read `[REDACTED]` (a base64 form's run takes in the slashes
 * before it): no URL, and the journal's HAR and Pact exports of it failed. The journal and the log
 * line both write paths this way, and only this way.
 */
export const maskedPath = (sent: string, mask: (text: string) => string): string => {
  const path = redactText(sent)
  const whole = mask(path)
  if (whole === path) return path
  const bySegment = path.split('/').map(mask).join('/')
  return mask(bySegment) === bySegment ? bySegment : `/${whole.replace(/^\/+/, '')}`
}

const unchanged = (text: string) => text

/**
 * A path as an answer quotes it (a problem's `instance`, a no-route problem's detail): its
 * credentials by their look masked, as the journal and the log write it.
 */
export const quotedPath = (path: string): string => maskedPath(path, unchanged)
