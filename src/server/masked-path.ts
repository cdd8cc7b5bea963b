/**
 * A request's path with what `mask` knows masked, still a path: segment by segment when no secret
 * spans a `/` (`/v1/workers/[REDACTED]`), else masked whole behind its leading `/`. Masked whole
 * only, a path could read `[REDACTED]` (a base64 form's run takes in the slashes before it): no
 * URL, and the journal's HAR and Pact exports of it failed. The journal and the log line both
 * write paths this way.
 */
export const maskedPath = (path: string, mask: (text: string) => string): string => {
  const whole = mask(path)
  if (whole === path) return path
  const bySegment = path.split('/').map(mask).join('/')
  return mask(bySegment) === bySegment ? bySegment : `/${whole.replace(/^\/+/, '')}`
}
