// A known credential inside base64 at any alignment (issue 32, item 3): a server that encodes
// `u:<token>`, a JSON claim or a header line puts the token at any offset of the encoded bytes. The
// masker must leave nothing that decodes back to the secret, in either alphabet, and mask nothing
// that merely shares a piece with it.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSecretBook, REDACTED } from '../../src/secrets/index.js'
import { SECRET_POLICY } from '../../src/secrets/policy.js'
import { decodesToSecret } from '../helpers/base64-decodings.js'

const SEED = 32
const RUNS = 150
/** Bytes before the secret: every alignment (offset modulo 3), twice over. */
const PREFIX_LENGTHS = [0, 1, 2, 3, 4, 5] as const
const MAX_SUFFIX = 5

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const ALPHABETS = { base64, base64url } as const
const bytesOf = (...parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)))

/** Tokens as APIs issue them (printable, no space), and some in other scripts. */
const token = (minLength: number) =>
  fc.oneof(
    fc.stringMatching(new RegExp(`^[!-~]{${minLength},64}$`)),
    fc
      .string({ unit: 'grapheme', minLength, maxLength: 24 })
      .map((text) => text.replace(/[\s\p{Cc}]/gu, 'x')),
  )

/**
 * Each way a credential is given, and the text a server encodes around it: the secret that must
 * not be read back (the token, or a Basic credential's encoded pair encoded again).
 */
type Echo = { credential: string; secret: string; plain: string }
const basic = (user: string, pass: string) => Buffer.from(`${user}:${pass}`).toString('base64')
const ECHOES: readonly [string, (token: string, user: string) => Echo][] = [
  ['a bearer token', (t) => ({ credential: `Bearer ${t}`, secret: t, plain: t })],
  [
    'a bearer header line',
    (t) => ({ credential: `Bearer ${t}`, secret: t, plain: `Authorization: Bearer ${t}` }),
  ],
  ['a bare key', (t) => ({ credential: t, secret: t, plain: t })],
  [
    'a Basic password alone',
    (t, u) => ({ credential: `Basic ${basic(u, t)}`, secret: t, plain: t }),
  ],
  [
    'a Basic user and password',
    (t, u) => ({ credential: `Basic ${basic(u, t)}`, secret: t, plain: `${u}:${t}` }),
  ],
  [
    'a Basic credential after its scheme',
    (t, u) => ({ credential: `Basic ${basic(u, t)}`, secret: basic(u, t), plain: basic(u, t) }),
  ],
]

/** The one masker of the kit, taught these credentials. */
const maskerOf = (credentials: readonly string[]) => {
  const book = createSecretBook()
  book.learn(credentials)
  return book.mask
}

describe('a secret book on base64 at any alignment', () => {
  it.each(ECHOES)(
    `leaves nothing of %s that decodes back, at every offset, in both alphabets (seed ${SEED})`,
    (_name, echo) => {
      fc.assert(
        fc.property(
          token(SECRET_POLICY.minSearchedLength),
          // RFC 7617 §2: a user-id holds no colon.
          token(8).map((user) => user.replaceAll(':', '-')),
          fc.uint8Array({ minLength: 5, maxLength: 5 }),
          fc.uint8Array({ maxLength: MAX_SUFFIX }),
          (t, user, filler, suffix) => {
            const { credential, secret, plain } = echo(t, user)
            const mask = maskerOf([credential])
            for (const length of PREFIX_LENGTHS) {
              for (const [alphabet, encode] of Object.entries(ALPHABETS)) {
                const encoded = encode(bytesOf(filler.subarray(0, length), plain, suffix))
                const masked = mask(`{"echo":"${encoded}"}`)
                expect(decodesToSecret(masked, secret), `${alphabet} at ${length}: ${masked}`).toBe(
                  false,
                )
                expect(masked, `${alphabet} at ${length}`).toContain(REDACTED)
              }
            }
          },
        ),
        { seed: SEED, numRuns: RUNS },
      )
    },
  )

  it(`masks nothing that merely shares a piece with the token (seed ${SEED})`, () => {
    const answer = readFileSync(new URL('../../fixtures/create-worker-local.json', import.meta.url))
    // Its tokens are credentials by their shape (masked whatever the book learned): the rest of it
    // is the ordinary text.
    const { tokens: _credentials, ...rest } = JSON.parse(answer.toString('utf8'))
    const ordinary = JSON.stringify(rest)
    fc.assert(
      fc.property(
        token(12),
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        fc.uint8Array({ minLength: 16, maxLength: 96 }),
        (t, filler, unrelated) => {
          const mask = maskerOf([`Bearer ${t}`])
          const half = t.slice(0, Math.ceil(t.length / 2))
          const texts = [
            ordinary,
            `the first half ${half} and a piece ${t.slice(2, 6)} of it`,
            base64(unrelated),
            base64url(unrelated),
            ...PREFIX_LENGTHS.flatMap((length) =>
              Object.values(ALPHABETS).map((encode) =>
                encode(bytesOf(filler.subarray(0, length), half)),
              ),
            ),
          ]
          for (const text of texts) expect(mask(text)).toBe(text)
        },
      ),
      { seed: SEED, numRuns: RUNS },
    )
  })
})
