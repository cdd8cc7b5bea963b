import type { Exchange } from '../server/index.js'
import type { Session } from './session.js'

/**
 * What the mock's journal and state mask besides secret-named fields, as the proxy does: the
 * app's one book (src/secrets), taught the credentials a request carried (`Authorization`,
 * `X-Api-Key`, each cookie, a secret query parameter) and the values under secret names of its
 * body (an `apiKey`), and masking each wherever it comes back, in this request or a later one, in
 * any session, in every form of the policy.
 */
export const createRequestSecrets = () => {
  /** One per book, made once, not per request. */
  const journalSecrets = new WeakMap<Session['secrets'], Exchange['secrets']>()
  return ({ secrets }: Session): Exchange['secrets'] => {
    let found = journalSecrets.get(secrets)
    if (!found) {
      found = {
        learn: secrets.learnText,
        learnValues: secrets.learn,
        mask: secrets.mask,
        masksNothing: secrets.isEmpty,
      }
      journalSecrets.set(secrets, found)
    }
    return found
  }
}
