import { stampUuidV7 } from '../common/stamp-uuid-v7.js'
import { typeIdOf } from '../common/type-id.js'
import { MOCK_ID_PREFIX } from '../schemas/ids.js'

/**
 * The user a token stands for: a user TypeID from the token's SHA-256, so the same token is
 * always the same user, and the token itself is never stored. (WebCrypto: works in browsers too.)
 */
export const userIdOfToken = async (token: string): Promise<string> => {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)),
  )
  return typeIdOf(MOCK_ID_PREFIX.user, stampUuidV7(digest.slice(0, 16)))
}
