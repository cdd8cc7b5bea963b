import { createCredentialMasker, credentialForms } from '../common/credential-forms.js'
import { mayHoldSecret, secretsIn } from '../common/redact.js'
import type { JournalSecrets } from '../server/index.js'
import type { Session } from './session.js'

/** `Authorization` values whose forms are kept ready: a client sends the same few again and again. */
const MAX_MASKERS = 32

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * What the mock's journal and state mask besides secret-named fields, as the proxy does: the
 * `Authorization` a request carried, wherever it is echoed (a body field holding the bearer token),
 * in every form; and a session's secrets wherever they come back in it (an `apiKey` repeated in
 * `customConfigText`, in the same request or a later one).
 */
export const createRequestSecrets = () => {
  type Known = { readonly forms: readonly string[]; readonly mask: (text: string) => string }
  const known = new Map<string, Known>()
  const knownFor = (authorization: string): Known => {
    let found = known.get(authorization)
    if (!found) {
      found = {
        forms: credentialForms(authorization),
        mask: createCredentialMasker([authorization]),
      }
      if (known.size >= MAX_MASKERS) known.delete(known.keys().next().value ?? '')
      known.set(authorization, found)
    }
    return found
  }
  /** A request's without an `Authorization`: one per session's secrets, made once, not per request. */
  const withoutAuthorization = new WeakMap<Session['secrets'], JournalSecrets>()
  const learnerOf = (secrets: Session['secrets']) => (text: string) => {
    if (!mayHoldSecret(text)) return
    const learned = [...secretsIn(parsed(text))]
    secrets.add(learned)
    for (const key of learned) secrets.addKey(key)
  }
  return (session: Session, authorization: string | undefined): JournalSecrets => {
    const { secrets } = session
    if (authorization === undefined || authorization.trim() === '') {
      let found = withoutAuthorization.get(secrets)
      if (!found) {
        found = { learn: learnerOf(secrets), mask: secrets.mask, masksNothing: secrets.isEmpty }
        withoutAuthorization.set(secrets, found)
      }
      return found
    }
    const learn = learnerOf(secrets)
    // Its forms kept for the session too: the state, read without it, masks a worker named with one.
    const { forms, mask } = knownFor(authorization)
    secrets.add(forms)
    return { learn, mask: (text) => secrets.mask(mask(text)) }
  }
}
