import { MOCK_TOKEN_CHARACTERS, MOCK_TOKEN_PREFIXES, MOCK_TOKEN_SOURCE } from '../schemas/worker.js'
import { REDACTED } from './redact.js'

/**
 * The mock's own tokens (src/schemas/worker.ts) found by their shape, in the forms the policy
 * lists for a learnt secret: whole in any letter case, and inside a run of hex, base64 or
 * base64url (at any alignment: `base64("user:" + token)`), HTML character references, `\uXXXX`
 * escapes or %XX escapes. A run is decoded and searched only when it is long enough to hold a
 * token; one that holds one is masked whole. Nothing is learnt or filed: a mock hands out three
 * tokens on every create, and filing each in its forms cost a create four times its own work.
 * Plain code, no Buffer: the mock masks in browsers too (the MSW handlers).
 */

/** A token as it is: what a decoded run is searched for. */
const TOKEN = new RegExp(MOCK_TOKEN_SOURCE)
/** A token in any letter case (a server may upper-case an echo). */
const TOKENS_ANY_CASE = new RegExp(MOCK_TOKEN_SOURCE, 'gi')
/** The same, to ask whether a text holds one before it is copied with each one replaced. */
const TOKEN_ANY_CASE = new RegExp(MOCK_TOKEN_SOURCE, 'i')
/** Characters of the shortest token: what a decoded run must hold at least. */
const TOKEN_CHARACTERS =
  Math.min(...Object.values(MOCK_TOKEN_PREFIXES).map((prefix) => prefix.length)) +
  MOCK_TOKEN_CHARACTERS

/** What every mock token starts with (its prefixes' common start, `wk`): base64's search starts from it. */
const MARK = (() => {
  const [first = '', ...others] = Object.values(MOCK_TOKEN_PREFIXES)
  let length = first.length
  for (const prefix of others) while (prefix.slice(0, length) !== first.slice(0, length)) length--
  return first.slice(0, length)
})()
const codesOf = (text: string) => [...text].map((c) => c.charCodeAt(0))
/**
 * The base64 characters the mark alone decides, at each of the three byte alignments it may have,
 * and how many characters before them its 4-character group starts: `d2` (a group's first two),
 * `dr` (its last two), `3a` (a group's last and the next one's first).
 */
const BASE64_MARKS = [0, 1, 2].map((alignment) => {
  const bytes = (filler: number) =>
    String.fromCharCode(...Array(alignment).fill(filler), ...codesOf(MARK), filler, filler, filler)
  const low = btoa(bytes(0x00))
  const high = btoa(bytes(0xff))
  const first = [...low].findIndex((c, i) => c === high[i] && i >= (alignment * 4) / 3)
  let end = first
  while (end < low.length && low[end] === high[end]) end++
  return { text: low.slice(first, end), back: first % 4 }
})

/** Whether a base64 or base64url run holds a token: decoded from each place the mark shows. */
const holdsInBase64 = (run: string) => {
  const standard = run.replace(/-/g, '+').replace(/_/g, '/')
  for (const { text, back } of BASE64_MARKS) {
    for (let at = standard.indexOf(text); at !== -1; at = standard.indexOf(text, at + 1)) {
      const start = at - back
      if (start < 0) continue
      // 13 groups: 39 bytes, a token's 36 at any of the three alignments.
      const window = standard.slice(start, start + 52).replace(/=+$/, '')
      const rest = window.length % 4
      const whole = rest === 1 ? window.slice(0, -1) : window + '='.repeat((4 - rest) % 4)
      try {
        if (TOKEN.test(atob(whole))) return true
      } catch {
        // not base64 from here: another place
      }
    }
  }
  return false
}

/** One character written as an escape: an HTML reference, a `\u` escape, a `%` escape. */
const ESCAPE_SOURCE = '&#(?:x[0-9a-f]{1,6}|\\d{1,7});|\\\\u[0-9a-f]{4}|%[0-9a-f]{2}'
/** Runs of such escapes long enough to hold a token, whatever stands before them (`a&#119;…`). */
const ESCAPED_RUNS = new RegExp(`(?:${ESCAPE_SOURCE}){${TOKEN_CHARACTERS},}`, 'gi')
const ESCAPE = /&#(x[0-9a-f]+|\d+);|\\u([0-9a-f]{4})|%([0-9a-f]{2})/gi

/** A run of escapes as the text it stands for. */
const unescaped = (run: string) =>
  run.replace(ESCAPE, (_, reference?: string, unit?: string, percent?: string) => {
    if (reference === undefined)
      return String.fromCharCode(Number.parseInt(unit ?? percent ?? '', 16))
    const point = /^x/i.test(reference)
      ? Number.parseInt(reference.slice(1), 16)
      : Number(reference)
    return point <= 0x10ffff ? String.fromCodePoint(point) : ''
  })

/** Whether a run of escapes holds a token. */
const holdsEscaped = (run: string) => TOKEN.test(unescaped(run))

/**
 * Runs of hex digits long enough to hold a token, two to a character: a run is matched whole from
 * its first digit, so a digit or letter before the token's own is read at both alignments.
 */
const HEX_RUNS = new RegExp(`[0-9a-f]{${TOKEN_CHARACTERS * 2},}`, 'gi')
const HEX_PAIR = /[0-9a-f]{2}/gi

/** Whether a run of hex digits holds a token, read in pairs from its first digit or its second. */
const holdsInHex = (run: string) => {
  const decoded = (from: number) =>
    run.slice(from).replace(HEX_PAIR, (pair) => String.fromCharCode(Number.parseInt(pair, 16)))
  return TOKEN.test(decoded(0)) || TOKEN.test(decoded(1))
}

/** Runs of base64 or base64url long enough to hold a token. */
const BASE64_RUNS = new RegExp(
  `(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{${Math.floor((TOKEN_CHARACTERS * 4) / 3)},}=*`,
  'g',
)
/** Whether a value is one of the mock's tokens (as it is). */
export const isMockToken = (value: string) => TOKEN.test(value)

/**
 * The ASCII characters that may stand in a token's form: base64url, base64 and its padding,
 * escapes, references. Each pattern above matches such characters only, and its look-behind none.
 */
const FORM_CHARACTERS = Uint8Array.from({ length: 128 }, (_, code) =>
  /[\w+/%&#;\\=-]/.test(String.fromCharCode(code)) ? 1 : 0,
)

/** The text with each run of `runs` that `holds` a token masked whole; the text itself when none does. */
const maskedRuns = (text: string, runs: RegExp, holds: (run: string) => boolean): string => {
  let out = ''
  let from = 0
  runs.lastIndex = 0
  for (let found = runs.exec(text); found !== null; found = runs.exec(text)) {
    if (!holds(found[0])) continue
    out += text.slice(from, found.index) + REDACTED
    from = found.index + found[0].length
  }
  return from === 0 ? text : out + text.slice(from)
}

/**
 * What an escaped token's run holds in every escape of its first character, `w`: `77` (a hex
 * pair, `\u0077`, `%77`, `&#x77;`) or `119` (`&#119;`). A run with neither holds none.
 */
const ESCAPED_MARKS = [MARK.charCodeAt(0).toString(16), String(MARK.charCodeAt(0))]
/** What a base64 or base64url run that holds a token shows at one of the mark's alignments. */
const BASE64_MARK_TEXTS = BASE64_MARKS.flatMap(({ text }) => [
  text,
  text.replace(/\+/g, '-').replace(/\//g, '_'),
])
const holdsAny = (run: string, marks: readonly string[]) => marks.some((mark) => run.includes(mark))

/**
 * One run of form characters with every token in it masked: the scans in turn (the token in any
 * case, hex, other escapes, base64), each only when the run shows what its form must (most runs
 * are paths, ids and keys that show none).
 */
const maskedRun = (run: string): string => {
  let masked = TOKEN_ANY_CASE.test(run) ? run.replace(TOKENS_ANY_CASE, REDACTED) : run
  if (holdsAny(masked, ESCAPED_MARKS)) {
    masked = maskedRuns(masked, HEX_RUNS, holdsInHex)
    masked = maskedRuns(masked, ESCAPED_RUNS, holdsEscaped)
  }
  if (holdsAny(masked, BASE64_MARK_TEXTS)) masked = maskedRuns(masked, BASE64_RUNS, holdsInBase64)
  return masked
}

/** Whether the character at `at` may stand in a token's form. */
const isFormAt = (text: string, at: number) => FORM_CHARACTERS[text.charCodeAt(at)] === 1

/**
 * The text with every mock token masked, in every form above, or the text itself when it holds
 * none. Every form of a token is a run of form characters as long as a token at least, and most
 * texts (JSON with short fields, headers) have none. The runs are found by looking at every
 * TOKEN_CHARACTERS-th character only (a run that long holds one of them), and spreading out from
 * each that is a form character; only long runs are scanned (`maskedRun`). A run is bounded by
 * characters no pattern takes, so scanning it alone finds what scanning the text would.
 */
export const maskMockTokens = (text: string): string => {
  let out = ''
  let from = 0
  for (let at = TOKEN_CHARACTERS - 1; at < text.length; ) {
    if (!isFormAt(text, at)) {
      at += TOKEN_CHARACTERS
      continue
    }
    // Back to the run's start: at most to the character after the last one looked at.
    let start = at
    while (start > 0 && isFormAt(text, start - 1)) start--
    let end = at + 1
    while (end < text.length && isFormAt(text, end)) end++
    if (end - start >= TOKEN_CHARACTERS) {
      const run = text.slice(start, end)
      const masked = maskedRun(run)
      if (masked !== run) {
        out += text.slice(from, start) + masked
        from = end
      }
    }
    // The next run starts after `end`, which is no form character: its TOKEN_CHARACTERS-th holds it.
    at = end + TOKEN_CHARACTERS
  }
  return from === 0 ? text : out + text.slice(from)
}
