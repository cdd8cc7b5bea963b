import { setOwn } from '../common/set-own.js'
import { maskedValueLength } from '../secrets/index.js'
import type { Random } from './internal/random.js'
import { toBase64Url } from './internal/to-base64-url.js'

/** A masked value whose length was not written is answered this long (a token's usual length). */
const DEFAULT_LENGTH = 32
/** The longest fresh value: a masked copy may name any length. */
const MAX_LENGTH = 4_096
/** Deeper JSON is given back as it is. */
const MAX_DEPTH = 64

/**
 * A rule's JSON body with every value the kit masked (`[REDACTED] (36 chars)`, a journal copy's)
 * answered as a fresh one of the same length, drawn from the session's ids and tokens: a rule made
 * from a journal entry answers what the mock would (a new token), never the mask, which the kit's
 * own schemas would refuse. Text that only holds a mask inside it is a literal, kept as it is.
 */
export const freshForMasked = (value: unknown, random: Random, depth = 0): unknown => {
  if (depth > MAX_DEPTH) return value
  if (typeof value === 'string') {
    const length = maskedValueLength(value)
    if (length === undefined) return value
    const wanted = Math.min(MAX_LENGTH, Math.max(1, length ?? DEFAULT_LENGTH))
    return toBase64Url(random.bytes(Math.ceil((wanted * 3) / 4))).slice(0, wanted)
  }
  if (Array.isArray(value)) return value.map((item) => freshForMasked(item, random, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    setOwn(copy, key, freshForMasked(item, random, depth + 1))
  return copy
}
