import {
  createCredentialMasker,
  createRememberedSecrets,
  type RememberedSecrets,
} from '../secrets/index.js'

/**
 * Keys masked in every form (hex in either case, HTML character references, base64,
 * URL-encoding, glued to other text, any letter case): the latest keys and credentials its clients
 * sent, in every session of the app. A key is set rarely; each new one rebuilds the
 * one pattern of all their forms.
 */
const MAX_KEYS = 8
/** Shorter values would match ordinary words (as the contract's secret-not-echoed reads keys). */
const MIN_KEY_LENGTH = 6

export type SessionSecrets = RememberedSecrets & {
  /** A key a client sent (an `apiKey`): masked from now on as itself and in every form of it. */
  readonly addKey: (value: string) => void
  /** Whether `mask` gives every text back as it is: no secret remembered, no key set. */
  readonly isEmpty: () => boolean
}

/**
 * What a session masks in its journal and state: the secrets its requests carried, as whole
 * tokens (bounded by bytes, the oldest forgotten first), and its latest keys in every form a server
 * or a page could repeat them in (`k=736B2D…`, `&#115;&#107;…` in a `customConfigText`).
 */
export const createSessionSecrets = (maxBytes: number): SessionSecrets => {
  const remembered = createRememberedSecrets(maxBytes)
  let keys: readonly string[] = []
  let maskForms = (text: string) => text
  return {
    ...remembered,
    addKey: (value) => {
      if (value.length < MIN_KEY_LENGTH || keys.includes(value)) return
      keys = [...keys, value].slice(-MAX_KEYS)
      maskForms = createCredentialMasker(keys)
    },
    mask: (text) => maskForms(remembered.mask(text)),
    isEmpty: () => keys.length === 0 && remembered.bytes() === 0,
  }
}
