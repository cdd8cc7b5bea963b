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

/** The last text `msOfIso` parsed that `isoTime` did not write, and its time. */
let parsedIso = ''
let parsedMs = Number.NaN

/**
 * `Date.parse(text)`, without parsing a text `isoTime` just wrote (its `ms` is known, when a whole
 * number: the time a text gives back) or the one parsed last (a worker's `createdAt`, read on every
 * answer about it).
 */
export const msOfIso = (text: string): number => {
  if (text === lastIso && Number.isInteger(lastMs)) return lastMs
  if (text === otherIso && Number.isInteger(otherMs)) return otherMs
  if (text !== parsedIso) {
    parsedMs = Date.parse(text)
    parsedIso = text
  }
  return parsedMs
}
