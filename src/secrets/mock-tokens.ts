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
/** Characters of the shortest token: what a decoded run must hold at least. */
const TOKEN_CHARACTERS =
  Math.min(...Object.values(MOCK_TOKEN_PREFIXES).map((prefix) => prefix.length)) +
  MOCK_TOKEN_CHARACTERS

const fromCodes = (codes: number[]) => String.fromCharCode(...codes)

const hexText = (run: string) => {
  const codes: number[] = []
  for (let i = 0; i + 1 < run.length; i += 2) codes.push(Number.parseInt(run.slice(i, i + 2), 16))
  return fromCodes(codes)
}

/** A base64 or base64url run decoded from one character offset (its bytes as a binary text). */
const base64Text = (run: string, offset: number) => {
  const standard = run.slice(offset).replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  // Padded to whole groups (a lone last character holds no byte: dropped).
  const rest = standard.length % 4
  const whole = rest === 1 ? standard.slice(0, -1) : standard + '='.repeat((4 - rest) % 4)
  try {
    return atob(whole)
  } catch {
    return ''
  }
}

const referenceText = (run: string) =>
  run.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) => {
    const point =
      code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code)
    return point <= 0x10ffff ? String.fromCodePoint(point) : ''
  })

const unicodeEscapeText = (run: string) =>
  run.replace(/\\u([0-9a-f]{4})/gi, (_, code: string) =>
    String.fromCharCode(Number.parseInt(code, 16)),
  )

const percentText = (run: string) =>
  run.replace(/%([0-9a-f]{2})/gi, (_, code: string) =>
    String.fromCharCode(Number.parseInt(code, 16)),
  )

/** Each encoding: its runs long enough to hold a token, and whether a run's decoding holds one. */
const ENCODED = [
  {
    runs: new RegExp(`[0-9a-f]{${2 * TOKEN_CHARACTERS},}`, 'gi'),
    holds: (run: string) => TOKEN.test(hexText(run)) || TOKEN.test(hexText(run.slice(1))),
  },
  {
    runs: new RegExp(`[A-Za-z0-9+/_-]{${Math.floor((TOKEN_CHARACTERS * 4) / 3)},}=*`, 'g'),
    holds: (run: string) => [0, 1, 2, 3].some((offset) => TOKEN.test(base64Text(run, offset))),
  },
  {
    runs: new RegExp(`(?:&#(?:x[0-9a-f]{1,6}|\\d{1,7});){${TOKEN_CHARACTERS},}`, 'gi'),
    holds: (run: string) => TOKEN.test(referenceText(run)),
  },
  {
    runs: new RegExp(`(?:\\\\u[0-9a-f]{4}){${TOKEN_CHARACTERS},}`, 'gi'),
    holds: (run: string) => TOKEN.test(unicodeEscapeText(run)),
  },
  {
    runs: new RegExp(`(?:%[0-9a-f]{2}){${TOKEN_CHARACTERS},}`, 'gi'),
    holds: (run: string) => TOKEN.test(percentText(run)),
  },
]

/** Whether a text may hold a token in some form: one scan, before any of the passes above. */
const MAY_HOLD = new RegExp(
  `${MOCK_TOKEN_SOURCE}|[0-9a-f]{${2 * TOKEN_CHARACTERS}}|[A-Za-z0-9+/_-]{${Math.floor((TOKEN_CHARACTERS * 4) / 3)}}|&#|\\\\u[0-9a-f]{4}|%[0-9a-f]{2}`,
  'i',
)

/** Whether a value is one of the mock's tokens (as it is). */
export const isMockToken = (value: string) => TOKEN.test(value)

/** The text with every mock token masked, in every form above. */
export const maskMockTokens = (text: string): string => {
  if (text.length < TOKEN_CHARACTERS || !MAY_HOLD.test(text)) return text
  let masked = text.replace(TOKENS_ANY_CASE, REDACTED)
  for (const { runs, holds } of ENCODED)
    masked = masked.replace(runs, (run) => (holds(run) ? REDACTED : run))
  return masked
}
