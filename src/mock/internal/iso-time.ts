/** The last time written, and how: requests of the same millisecond share one conversion. */
let lastMs = Number.NaN
let lastIso = ''

/**
 * `new Date(ms).toISOString()`, remembered for the last `ms` asked: a request writes its time two
 * to six times (the journal's `at`, a worker's four timestamps), and a loaded mock answers many
 * requests within one millisecond. An invalid time throws as `toISOString` does (NaN is never
 * remembered: it equals nothing).
 */
export const isoTime = (ms: number): string => {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString()
    lastMs = ms
  }
  return lastIso
}
