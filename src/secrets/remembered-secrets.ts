import { REDACTED } from './redact.js'

/**
 * Most bytes of secrets a run remembers (tokens a server handed out, values under secret names),
 * counted as the secrets' own lengths. Sized for a day of a proxy's traffic: 10 000 creates × 3
 * tokens of up to 128 characters is 3.84 MB. Past it the oldest are forgotten first
 * (docs/limits.md#limits). Measured: 30 000 tokens of 36 characters (the mock's) take ~2.6 MB of heap
 * besides the strings themselves, and masking a create's answer takes ~3 µs with all of them.
 */
export const MAX_REMEMBERED_SECRET_BYTES = 4 * 1024 * 1024
/** Shorter values would match ordinary words; longer ones are not tokens. */
const MIN_LENGTH = 8
const MAX_LENGTH = 512
/**
 * Distinct lengths among secrets that start with the same word: bounds the work per word of text.
 * A secret of one more length is masked by its name only (tokens of one kind share a length).
 */
const MAX_LENGTHS_PER_WORD = 16

const FIRST_WORD = /^[A-Za-z0-9]+/
/** Whether the code unit is one of a word's: `[A-Za-z0-9]` (NaN, past the end, is not). */
const isWordUnit = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)

/** FNV-1a, 32 bits: one step over a code unit. */
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193
const hashStep = (hash: number, unit: number) => Math.imul(hash ^ unit, FNV_PRIME)
const hashOf = (word: string) => {
  let hash = FNV_OFFSET
  for (let i = 0; i < word.length; i++) hash = hashStep(hash, word.charCodeAt(i))
  return hash
}

/** First words few enough to look for one by one before splitting a text into words. */
const FEW_FIRST_WORDS = 8
const holdsAnyOf = (text: string, words: Iterable<string>) => {
  for (const word of words) if (text.includes(word)) return true
  return false
}

/** Secrets that start with one word, longest first. */
type Bucket = { length: number; values: Set<string> }[]

export type RememberedSecrets = {
  /**
   * Remembers values to mask from now on (one seen again counts as new); returns how many were
   * not remembered (one length too many for their first word: masked by their names only).
   */
  readonly add: (values: Iterable<string>) => number
  /** Whether a whole string is a remembered secret (a JSON value echoed whole). */
  readonly has: (value: string) => boolean
  /** The text with every whole-token occurrence of a remembered secret masked. */
  readonly mask: (text: string) => string
  /** Bytes remembered now, at most the bound. */
  readonly bytes: () => number
}

/**
 * Secrets a run learns as it goes, masked in later text as whole tokens only (`tok-1a2b…` in
 * `"x":"tok-1a2b…"` or `Bearer tok-1a2b…`, never inside a longer word). One pass over the text
 * whatever the number remembered: each word of the text is looked up once by its first word (no
 * pattern of all the secrets, which would be rebuilt as they come). Bounded by bytes, the oldest
 * forgotten first.
 */
export const createRememberedSecrets = (
  maxBytes: number = MAX_REMEMBERED_SECRET_BYTES,
): RememberedSecrets => {
  /** Every secret remembered, oldest first, with its first word. */
  const all = new Map<string, string>()
  const byFirstWord = new Map<string, Bucket>()
  /**
   * How many first words have each hash: a word of the text whose hash is not here starts no
   * secret, and is looked up without a string made of it (most words of most texts).
   */
  const firstWordHashes = new Map<number, number>()
  const addFirstWord = (first: string, bucket: Bucket) => {
    byFirstWord.set(first, bucket)
    const hash = hashOf(first)
    firstWordHashes.set(hash, (firstWordHashes.get(hash) ?? 0) + 1)
  }
  const deleteFirstWord = (first: string) => {
    byFirstWord.delete(first)
    const hash = hashOf(first)
    const count = firstWordHashes.get(hash) ?? 0
    if (count > 1) firstWordHashes.set(hash, count - 1)
    else firstWordHashes.delete(hash)
  }
  let bytes = 0

  const forget = (value: string, first: string) => {
    all.delete(value)
    bytes -= value.length
    const bucket = byFirstWord.get(first)
    const at = bucket?.findIndex((g) => g.length === value.length) ?? -1
    const group = bucket?.[at]
    if (!bucket || !group) return
    group.values.delete(value)
    if (group.values.size > 0) return
    bucket.splice(at, 1)
    if (bucket.length === 0) deleteFirstWord(first)
  }

  const addOne = (value: string): boolean => {
    if (value.length < MIN_LENGTH || value.length > MAX_LENGTH) return true // by name only
    const first = FIRST_WORD.exec(value)?.[0]
    if (first === undefined) return true // masked by name only: it cannot start a token here
    if (all.has(value)) {
      // Seen again: the newest, so the last to be forgotten.
      all.delete(value)
      all.set(value, first)
      return true
    }
    const known = byFirstWord.get(first)
    const bucket = known ?? []
    let group = bucket.find((g) => g.length === value.length)
    if (!group) {
      if (bucket.length >= MAX_LENGTHS_PER_WORD) return false
      group = { length: value.length, values: new Set() }
      bucket.push(group)
      bucket.sort((a, b) => b.length - a.length)
      if (!known) addFirstWord(first, bucket)
    }
    group.values.add(value)
    all.set(value, first)
    bytes += value.length
    for (const [oldest, oldestFirst] of all) {
      if (bytes <= maxBytes) break
      forget(oldest, oldestFirst)
    }
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
      // A secret starts with its first word: with a few first words (tokens of one kind share
      // theirs), a text that holds none of them holds no secret, and is not split into words.
      if (byFirstWord.size <= FEW_FIRST_WORDS && !holdsAnyOf(text, byFirstWord.keys())) return text
      let out = ''
      let from = 0
      // Each word of the text (a run of `[A-Za-z0-9]`), read unit by unit: no match objects.
      for (let end = 0; end < text.length; ) {
        if (!isWordUnit(text.charCodeAt(end))) {
          end++
          continue
        }
        const at = end
        let hash = FNV_OFFSET
        for (let unit = text.charCodeAt(end); isWordUnit(unit); unit = text.charCodeAt(++end))
          hash = hashStep(hash, unit)
        if (at < from || !firstWordHashes.has(hash)) continue
        const bucket = byFirstWord.get(text.slice(at, end))
        if (!bucket) continue
        for (const { length, values } of bucket) {
          if (isWordUnit(text.charCodeAt(at + length)) || !values.has(text.slice(at, at + length)))
            continue
          out += text.slice(from, at) + REDACTED
          from = at + length
          break
        }
      }
      return from === 0 ? text : out + text.slice(from)
    },
    bytes: () => bytes,
  }
}
