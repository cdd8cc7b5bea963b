import { credentialsOfHeader } from './cookie-values.js'
import { credentialForms, credentialParts } from './credential-forms.js'
import { ANCHOR, createFormFilter, createFormIndex, maskForms } from './form-index.js'
import { isMockToken, maskMockTokens } from './mock-tokens.js'
import { isPublicValue, SECRET_POLICY } from './policy.js'
import { isSecretHeader, mayHoldSecret, REDACTED } from './redact.js'
import { secretsIn, secretsOfText } from './secrets-in.js'

/**
 * Characters of forms a book searches for in every form (about 1 000 secrets of 36 characters,
 * each in its dozen forms); past it the oldest secrets are searched for as themselves only, within
 * MAX_WHOLE_CHARS (docs/limits.md#limits).
 */
const MAX_FORM_CHARS = 2 * 1024 * 1024
/**
 * Characters of secrets a book searches for as themselves (any case, glued to other text): a day
 * of a proxy's traffic, 10 000 creates of 3 tokens of up to 128 characters.
 */
const MAX_WHOLE_CHARS = 4 * 1024 * 1024
/**
 * New secrets one learning (one text, one answer) files in every form; the rest of them as
 * themselves only. A hostile server that hands out 1 000 tokens an answer would otherwise cost
 * about 30 ms of forms an answer (docs/limits.md#limits).
 */
const MAX_NEW_FORMS_PER_LEARNING = 64

export type SecretBook = {
  /**
   * Secrets to mask from now on wherever they come back, in every form of the policy: values under
   * secret names, credential headers' values (their scheme, Basic parts, parameters and JWT
   * signature too), cookies. Public values (the kit's ids) and ones shorter than the policy's
   * minimum are left out: they are masked where they stand only.
   */
  readonly learn: (values: Iterable<string>) => void
  /** The values under secret names of a parsed JSON value, at any depth. */
  readonly learnJson: (value: unknown) => void
  /**
   * The secrets of a text: a JSON body's (as learnJson), or a form's, a multipart's, a GraphQL
   * query's named values, JWTs and URL passwords.
   */
  readonly learnText: (text: string) => void
  /**
   * The credentials of headers (credential-named ones; each cookie of a Cookie or Set-Cookie), and
   * what any header carries by its shape (a `Location` URL's password, a JWT).
   */
  readonly learnHeaders: (headers: Iterable<readonly [string, string]>) => void
  /** Whether a string is a secret learnt (echoed whole). */
  readonly has: (value: string) => boolean
  /** The text with every secret learnt masked, in every form, glued to other text or not. */
  readonly mask: (text: string) => string
  /** Whether `mask` gives every text back as it is (nothing learnt yet). */
  readonly isEmpty: () => boolean
}

/** Longest text read for secrets (a body the journal keeps is at most 64 KiB; an upload is data). */
const MAX_TAUGHT_TEXT = 1024 * 1024

/** Whether a text may carry a secret to learn: a secret's name, an escape, a JWT, a URL. */
const mayTeach = (text: string) =>
  mayHoldSecret(text) || text.includes('eyJ') || text.includes('://')

/** An HTML character reference's leading zeros (`&#x0073;`, `&#00115;`): no form is filed with them. */
const PADDED_REFERENCE = /&#(x?)0+(?=[0-9a-f])/gi

/** The text with its character references written without leading zeros, as a form spells them. */
const withoutPaddedReferences = (text: string) =>
  text.includes('&#') ? text.replace(PADDED_REFERENCE, '&#$1') : text

/** The mask's word (`[REDACTED]` without its brackets). */
const MASK_WORD = REDACTED.slice(1, -1)

/** A scheme's name alone (`"token": "Bearer"`): a word, never the credential after it. */
const SCHEME_WORD = /^(?:bearer|basic|digest|negotiate|token|dpop)$/i

/**
 * Whether a value is worth searching for in other text (a mock token is found by its shape:
 * mock-tokens.ts). A value holding the mask's word is a masked text read back (`token=[REDACTED]`
 * quoted in an answer): learnt, it would mask the mask (`[REDACTED]]`) in every later text.
 */
const isSearched = (value: string) => {
  const trimmed = value.trim()
  return (
    trimmed.length >= SECRET_POLICY.minSearchedLength &&
    !trimmed.includes(MASK_WORD) &&
    !isPublicValue(trimmed) &&
    !SCHEME_WORD.test(trimmed) &&
    !isMockToken(trimmed)
  )
}

/**
 * A book of the secrets one writer has seen, and the one masker of them: the mock's app (every
 * session's journal, state and export), the proxy, a contract run. Learning a secret seen before
 * costs a lookup; a new one, its forms (about 20 µs for a 36-character token).
 */
export const createSecretBook = ({
  maxFormChars = MAX_FORM_CHARS,
  maxWholeChars = MAX_WHOLE_CHARS,
  mockTokens = false,
}: {
  readonly maxFormChars?: number
  readonly maxWholeChars?: number
  /**
   * Mask the mock's tokens by their shape from the start (the mock's own book): with a fixed seed,
   * a run hands out the tokens an earlier run did, and a client may send one back before this run
   * handed out any. Other books (the proxy's, a contract run's) mask them once they see one.
   */
  readonly mockTokens?: boolean
} = {}): SecretBook => {
  if (SECRET_POLICY.minSearchedLength < ANCHOR) throw new Error('minSearchedLength < ANCHOR')
  // One filter for both: a text is read once for what either holds.
  const filter = createFormFilter()
  const index = createFormIndex(maxFormChars, filter)
  const whole = createFormIndex(maxWholeChars, filter)
  const both = [whole, index]
  /** Whether a value was filed (the indexes are searched), and whether a mock token was seen. */
  let learnt = false
  let tokensSeen = mockTokens
  const learn = (values: Iterable<string>) => {
    let newForms = 0
    for (const value of values) {
      if (!isSearched(value)) {
        // Seen once, a mock token is masked by its shape from then on, wherever it stands.
        if (!tokensSeen && isMockToken(value)) tokensSeen = true
        continue
      }
      learnt = true
      // Each part of a credential as itself (the token after its `Bearer`): kept as long as the
      // value is, past the forms' bound.
      whole.add(value, whole.has(value) ? [] : credentialParts(value))
      if (index.has(value)) index.add(value, [])
      else if (newForms++ < MAX_NEW_FORMS_PER_LEARNING) index.add(value, credentialForms(value))
    }
  }
  return {
    learn,
    learnJson: (value) => {
      if (typeof value === 'object' && value !== null) learn(secretsIn(value))
    },
    learnText: (text) => {
      if (text.length <= MAX_TAUGHT_TEXT && mayTeach(text)) learn(secretsOfText(text))
    },
    learnHeaders: (headers) => {
      for (const [name, value] of headers)
        learn(isSecretHeader(name) ? credentialsOfHeader(name, value) : secretsOfText(value))
    },
    has: (value) => index.has(value) || whole.has(value),
    mask: (text) => {
      // Each search only once it can find something: a book that saw no token, or filed nothing,
      // skips that pass (a provider's key masked on every update is no reason to scan for tokens).
      const plain = tokensSeen ? maskMockTokens(text) : text
      return learnt ? maskForms(withoutPaddedReferences(plain), both) : plain
    },
    isEmpty: () => !learnt && !tokensSeen,
  }
}
