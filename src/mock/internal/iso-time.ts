/** The last two times written, and how: requests of the same millisecond share one conversion. */
let lastMs = Number.NaN
let lastIso = ''
let otherMs = Number.NaN
let otherIso = ''

/**
 * `new Date(ms).toISOString()`, remembered for the last two `ms` asked: a request writes its time two
 * to six times (the journal's `at`, a worker's four timestamps), and a loaded mock answers many
 * requests within one millisecond. An invalid time throws as `toISOString` does (NaN is never
 * remembered: it equals nothing).
 */
export const isoTime = (ms: number): string => {
  if (ms === lastMs) return lastIso
  if (ms === otherMs) return otherIso
  // Two kept: a request's time and a worker's lifecycle step alternate in one answer.
  otherMs = lastMs
  otherIso = lastIso
  lastIso = new Date(ms).toISOString()
  lastMs = ms
  return lastIso
}
