import {
  createCredentialMasker,
  credentialForms,
  mayHoldSecret,
  secretsIn,
} from '../secrets/index.js'
import type { JournalSecrets } from '../server/index.js'
import type { Session } from './session.js'

/** Sets of a request's credentials whose forms are kept ready: a client sends the same few again and again. */
const MAX_MASKERS = 32
/** Joins a request's credentials into one key of `known`. */
const JOIN = '\n'

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * What the mock's journal and state mask besides secret-named fields, as the proxy does: the
 * credentials a request carried (`Authorization`, `X-Api-Key`, each cookie…), wherever they are
 * echoed (a body field holding the bearer token), in every form; and a session's secrets wherever
 * they come back in it (an `apiKey` repeated in `customConfigText`, in the same request or a later
 * one).
 */
export const createRequestSecrets = () => {
  type Known = { readonly forms: readonly string[]; readonly mask: (text: string) => string }
  const known = new Map<string, Known>()
  const knownFor = (credentials: readonly string[]): Known => {
    const key = credentials.join(JOIN)
    let found = known.get(key)
    if (!found) {
      found = {
        forms: credentials.flatMap(credentialForms),
        mask: createCredentialMasker(credentials),
      }
      if (known.size >= MAX_MASKERS) known.delete(known.keys().next().value ?? '')
      known.set(key, found)
    }
    return found
  }
  /** A request's without credentials: one per session's secrets, made once, not per request. */
  const withoutCredentials = new WeakMap<Session['secrets'], JournalSecrets>()
  const learnerOf = (secrets: Session['secrets']) => (text: string) => {
    if (!mayHoldSecret(text)) return
    const learned = [...secretsIn(parsed(text))]
    secrets.add(learned)
    for (const key of learned) secrets.addKey(key)
  }
  return (session: Session, credentials: readonly string[]): JournalSecrets => {
    const { secrets } = session
    const sent =
      credentials.length === 0 ? credentials : credentials.filter((value) => value.trim() !== '')
    if (sent.length === 0) {
      let found = withoutCredentials.get(secrets)
      if (!found) {
        found = { learn: learnerOf(secrets), mask: secrets.mask, masksNothing: secrets.isEmpty }
        withoutCredentials.set(secrets, found)
      }
      return found
    }
    const learn = learnerOf(secrets)
    // Their forms kept for the app too: the state, the export and later requests, read without
    // them, mask a worker named with one, whole (add) and, for the latest, in every form, glued to
    // other text and in any letter case (addKey), as the request's own entry does.
    const { forms, mask } = knownFor(sent)
    secrets.add(forms)
    for (const credential of sent) secrets.addKey(credential)
    return { learn, mask: (text) => secrets.mask(mask(text)) }
  }
}
