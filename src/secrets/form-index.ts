import { REDACTED } from './redact.js'

/**
 * Every form of every secret a book knows, found anywhere in a text in one pass, whatever their
 * number: a multi-pattern search (Rabin–Karp). Each form is filed under a hash of its first
 * `ANCHOR` characters; the text's windows of that many characters are hashed as it is read (a
 * rolling hash), and only a window whose hash is filed is compared with its forms. Adding a secret
 * is filing its forms, no pattern of all of them rebuilt. ASCII letters in any case match (a server
 * may upper-case an echo, hex comes in both), other characters as they are.
 */

/** Characters hashed per window: no form of a secret searched for is shorter (the book's minimum). */
export const ANCHOR = 6
const BASE = 0x01000193
/** BASE to the power ANCHOR - 1, modulo 2^32: takes the window's first character out of its hash. */
const OUTGOING = (() => {
  let power = 1
  for (let i = 1; i < ANCHOR; i++) power = Math.imul(power, BASE)
  return power
})()
/** Buckets of the first filter: a window's hash whose bucket holds no form is passed over. */
const FILTER_BITS = 16
const FILTER_MASK = (1 << FILTER_BITS) - 1

/** An ASCII capital as its small letter, every other code unit as it is. */
const folded = (unit: number) => (unit >= 0x41 && unit <= 0x5a ? unit | 0x20 : unit)

const foldedText = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase())

/** Whether `text` holds `form` (folded) at `at`, ASCII letters in any case. */
const holdsAt = (text: string, at: number, form: string) => {
  if (at + form.length > text.length) return false
  for (let i = 0; i < form.length; i++)
    if (folded(text.charCodeAt(at + i)) !== form.charCodeAt(i)) return false
  return true
}

/** A filed form: found where the text's window hashes to `hash`, `offset` characters into it. */
type Filed = { readonly form: string; readonly hash: number; readonly offset: number; uses: number }

/** What the search reads of an index: its first filter (maybe shared) and its forms by window hash. */
type Shelves = {
  readonly filter: Uint16Array
  readonly byAnchor: ReadonlyMap<number, readonly Filed[]>
}

/**
 * A first filter several indexes may share (a book's two), so that one search reads them all: a
 * window's hash is looked up once whatever their number. It counts forms per bucket of window hashes.
 */
export const createFormFilter = () => new Uint16Array(1 << FILTER_BITS)

export type FormIndex = {
  /** Files a secret's forms (each at least ANCHOR long); one filed already is made the newest. */
  readonly add: (secret: string, forms: readonly string[]) => void
  /** Whether the secret is filed. */
  readonly has: (secret: string) => boolean
  /** The text with every occurrence of a filed form masked (overlapping ones as one). */
  readonly mask: (text: string) => string
  /** Characters of forms filed: at most the bound given. */
  readonly size: () => number
  /** Read by `maskForms`, which searches several indexes in one pass. */
  readonly shelves: Shelves
}

/**
 * The ranges of the text that hold a form filed in any of the indexes (which share `filter`), as
 * [start, end] pairs in order, overlaps merged: one rolling hash for all of them.
 */
const rangesIn = (
  text: string,
  filter: Uint16Array,
  maps: readonly ReadonlyMap<number, readonly Filed[]>[],
): number[] => {
  const found: [number, number][] = []
  let hash = 0
  for (let i = 0; i < text.length; i++) {
    if (i >= ANCHOR) hash = (hash - Math.imul(folded(text.charCodeAt(i - ANCHOR)), OUTGOING)) | 0
    hash = (Math.imul(hash, BASE) + folded(text.charCodeAt(i))) | 0
    if (i < ANCHOR - 1 || filter[hash & FILTER_MASK] === 0) continue
    for (let m = 0; m < maps.length; m++) {
      const bucket = maps[m]?.get(hash)
      if (bucket === undefined) continue
      for (const { form, offset } of bucket) {
        const at = i - ANCHOR + 1 - offset
        if (at >= 0 && holdsAt(text, at, form)) found.push([at, at + form.length])
      }
    }
  }
  if (found.length === 0) return []
  found.sort((a, b) => a[0] - b[0])
  const ranges: number[] = []
  for (const [at, end] of found) {
    const last = ranges.length - 1
    if (last > 0 && at <= (ranges[last] ?? 0)) ranges[last] = Math.max(ranges[last] ?? 0, end)
    else ranges.push(at, end)
  }
  return ranges
}

/**
 * The text with every occurrence of a form filed in any of the indexes masked (overlapping ones,
 * of one index or several, as one), read once.
 */
export const maskForms = (text: string, indexes: readonly FormIndex[]): string => {
  const filter = indexes[0]?.shelves.filter
  if (filter === undefined || text.length < ANCHOR) return text
  if (indexes.some((index) => index.shelves.filter !== filter))
    throw new Error('maskForms: the indexes must share one filter (createFormFilter)')
  const maps = indexes.flatMap(({ shelves }) =>
    shelves.byAnchor.size > 0 ? [shelves.byAnchor] : [],
  )
  if (maps.length === 0) return text
  const ranges = rangesIn(text, filter, maps)
  if (ranges.length === 0) return text
  let out = ''
  let from = 0
  for (let r = 0; r < ranges.length; r += 2) {
    out += text.slice(from, ranges[r]) + REDACTED
    from = ranges[r + 1] ?? text.length
  }
  return out + text.slice(from)
}

/**
 * An index of at most `maxChars` characters of forms; past it the secrets filed first are
 * forgotten first (docs/limits.md#limits).
 */
export const createFormIndex = (
  maxChars: number,
  filter: Uint16Array = createFormFilter(),
): FormIndex => {
  /** Each secret, oldest first, with its folded forms. */
  const secrets = new Map<string, readonly string[]>()
  const filed = new Map<string, Filed>()
  const byAnchor = new Map<number, Filed[]>()
  let chars = 0

  /**
   * The form's window least filed under so far: forms of one encoding start alike (`%36%34`,
   * `&#52;&#`), so each is anchored where it differs most from the others.
   */
  const anchorOf = (form: string) => {
    let best = { hash: 0, offset: 0, load: Number.POSITIVE_INFINITY }
    let hash = 0
    for (let i = 0; i < form.length; i++) {
      if (i >= ANCHOR) hash = (hash - Math.imul(form.charCodeAt(i - ANCHOR), OUTGOING)) | 0
      hash = (Math.imul(hash, BASE) + form.charCodeAt(i)) | 0
      if (i < ANCHOR - 1) continue
      const load = filter[hash & FILTER_MASK] ?? 0
      if (load < best.load) best = { hash, offset: i - ANCHOR + 1, load }
      if (load === 0) break
    }
    return best
  }
  const file = (form: string) => {
    const known = filed.get(form)
    if (known) {
      known.uses++
      return
    }
    const { hash, offset } = anchorOf(form)
    const entry: Filed = { form, hash, offset, uses: 1 }
    filed.set(form, entry)
    const bucket = byAnchor.get(hash)
    if (bucket) bucket.push(entry)
    else byAnchor.set(hash, [entry])
    filter[hash & FILTER_MASK] = (filter[hash & FILTER_MASK] ?? 0) + 1
  }
  const unfile = (form: string) => {
    const entry = filed.get(form)
    if (!entry) return
    if (--entry.uses > 0) return
    filed.delete(form)
    const rest = (byAnchor.get(entry.hash) ?? []).filter((other) => other !== entry)
    if (rest.length === 0) byAnchor.delete(entry.hash)
    else byAnchor.set(entry.hash, rest)
    filter[entry.hash & FILTER_MASK] = Math.max(0, (filter[entry.hash & FILTER_MASK] ?? 0) - 1)
  }
  const forget = (secret: string, forms: readonly string[]) => {
    secrets.delete(secret)
    for (const form of forms) {
      unfile(form)
      chars -= form.length
    }
  }

  const index: FormIndex = {
    add: (secret, forms) => {
      const known = secrets.get(secret)
      if (known) {
        secrets.delete(secret)
        secrets.set(secret, known)
        return
      }
      const kept = [...new Set(forms.filter((form) => form.length >= ANCHOR).map(foldedText))]
      secrets.set(secret, kept)
      for (const form of kept) {
        file(form)
        chars += form.length
      }
      for (const [oldest, oldestForms] of secrets) {
        if (chars <= maxChars || oldest === secret) break
        forget(oldest, oldestForms)
      }
    },
    has: (secret) => secrets.has(secret),
    mask: (text) => maskForms(text, alone),
    size: () => chars,
    shelves: { filter, byAnchor },
  }
  const alone = [index]
  return index
}
