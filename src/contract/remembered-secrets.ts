import { REDACTED } from '../common/redact.js'

/**
 * Most secrets a run remembers (tokens a server handed out, values under secret names). Later ones
 * are still masked by their names, not searched for in other text (README#limits).
 */
export const MAX_REMEMBERED_SECRETS = 1_000
/** Shorter values would match ordinary words; longer ones are not tokens. */
const MIN_LENGTH = 8
const MAX_LENGTH = 512
/** Distinct lengths among secrets that start with the same word: bounds the work per word of text. */
const MAX_LENGTHS_PER_WORD = 8

const WORD = /[A-Za-z0-9]+/g
const FIRST_WORD = /^[A-Za-z0-9]+/
const isWordCharacter = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c)

/** Secrets that start with one word, longest first. */
type Bucket = { length: number; values: Set<string> }[]

export type RememberedSecrets = {
  /** Remembers values to mask from now on; returns how many were not remembered (over the bound). */
  readonly add: (values: Iterable<string>) => number
  /** Whether a whole string is a remembered secret (a JSON value echoed whole). */
  readonly has: (value: string) => boolean
  /** The text with every whole-token occurrence of a remembered secret masked. */
  readonly mask: (text: string) => string
}

/**
 * Secrets a run learns as it goes, masked in later text as whole tokens only (`tok-1a2b…` in
 * `"x":"tok-1a2b…"` or `Bearer tok-1a2b…`, never inside a longer word). One pass over the text
 * whatever the number remembered: each word of the text is looked up once by its first word.
 */
export const createRememberedSecrets = (): RememberedSecrets => {
  const all = new Set<string>()
  const byFirstWord = new Map<string, Bucket>()

  const addOne = (value: string): boolean => {
    if (all.has(value) || value.length < MIN_LENGTH || value.length > MAX_LENGTH) return true
    const first = FIRST_WORD.exec(value)?.[0]
    if (first === undefined) return true // masked by name only: it cannot start a token here
    if (all.size >= MAX_REMEMBERED_SECRETS) return false
    const bucket = byFirstWord.get(first) ?? []
    let group = bucket.find((g) => g.length === value.length)
    if (!group) {
      if (bucket.length >= MAX_LENGTHS_PER_WORD) return false
      group = { length: value.length, values: new Set() }
      bucket.push(group)
      bucket.sort((a, b) => b.length - a.length)
      byFirstWord.set(first, bucket)
    }
    group.values.add(value)
    all.add(value)
    return true
  }

  return {
    add: (values) => {
      let dropped = 0
      for (const value of values) if (!addOne(value)) dropped++
      return dropped
    },
    has: (value) => all.has(value),
    mask: (text) => {
      if (all.size === 0) return text
      let out = ''
      let from = 0
      for (const match of text.matchAll(WORD)) {
        const at = match.index
        if (at < from) continue
        const bucket = byFirstWord.get(match[0])
        if (!bucket) continue
        for (const { length, values } of bucket) {
          if (isWordCharacter(text[at + length]) || !values.has(text.slice(at, at + length)))
            continue
          out += text.slice(from, at) + REDACTED
          from = at + length
          break
        }
      }
      return from === 0 ? text : out + text.slice(from)
    },
  }
}
