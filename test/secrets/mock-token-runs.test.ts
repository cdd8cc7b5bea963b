import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MOCK_TOKEN_PREFIXES } from '../../src/schemas/worker.js'
import { createSecretBook, REDACTED } from '../../src/secrets/index.js'

// The mock's tokens are found by the runs of characters their forms are made of, looked at every
// so many characters: whatever stands around a form (other runs, escapes, padding, text that is
// not ASCII), the token never survives, and a text with no token comes back as it is.

const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'
const token = fc
  .tuple(
    fc.constantFrom(...Object.values(MOCK_TOKEN_PREFIXES)),
    fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 32, maxLength: 32 }),
  )
  .map(([prefix, rest]) => `${prefix}${rest}`)

const codes = (text: string) => [...text].map((c) => c.charCodeAt(0))
const FORMS: readonly ((t: string) => string)[] = [
  (t) => t,
  (t) => t.toUpperCase(),
  (t) => Buffer.from(t).toString('hex'),
  (t) => Buffer.from(`user:${t}`).toString('base64'),
  (t) => Buffer.from(`ab${t}`).toString('base64url'),
  (t) =>
    codes(t)
      .map((c) => `&#${c};`)
      .join(''),
  (t) =>
    codes(t)
      .map((c) => `%${c.toString(16)}`)
      .join(''),
  (t) =>
    codes(t)
      .map((c) => `\\u00${c.toString(16)}`)
      .join(''),
]
/** Filler of every kind a form may be glued to: form characters, separators, non-ASCII. */
const filler = fc.string({
  unit: fc.constantFrom(...'abwk_o-+/=%&#;\\u09AF"{}:, .\n\u00e9\u2028'),
  maxLength: 80,
})

const book = () => {
  const seen = createSecretBook()
  seen.learnJson({ tokens: { owner: `wko_${'s'.repeat(32)}` } })
  return seen
}

describe("the mock's tokens found by their runs", () => {
  it('masks a token in any form, whatever stands around it', () => {
    const masker = book()
    fc.assert(
      fc.property(filler, token, fc.nat(FORMS.length - 1), filler, (before, t, form, after) => {
        const masked = masker.mask(`${before}${FORMS[form]?.(t)}${after}`)
        expect(masked).toContain(REDACTED)
        expect(masked.toLowerCase()).not.toContain(t.slice(4).toLowerCase())
      }),
      { numRuns: 2_000 },
    )
  })

  it('gives a text without a token back as it is', () => {
    const masker = book()
    fc.assert(
      fc.property(fc.array(filler, { maxLength: 8 }), (parts) => {
        const text = parts.join(' ')
        expect(masker.mask(text)).toBe(text)
      }),
      { numRuns: 2_000 },
    )
  })
})
