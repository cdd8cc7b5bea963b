import { stampUuidV7 } from '../../common/stamp-uuid-v7.js'
import { typeIdOf } from '../../common/type-id.js'
import type { Random } from './random.js'

const TIMESTAMP_BYTES = 6 // RFC 9562 §5.7: 48-bit big-endian Unix milliseconds

/** UUIDv7 bytes: time from `ms`, the rest from the generator, version and variant bits set. */
const uuidV7Bytes = (random: Random, ms: number): Uint8Array => {
  const bytes = random.bytes(16)
  let time = Math.max(0, Math.floor(ms))
  for (let i = TIMESTAMP_BYTES - 1; i >= 0; i--) {
    bytes[i] = time % 256
    time = Math.floor(time / 256)
  }
  return stampUuidV7(bytes)
}

/**
 * A real TypeID whose UUIDv7 takes its time from `ms` and its random bits from the seeded
 * generator, so the same seed and clock give the same ids.
 */
export const newId = (prefix: string, random: Random, ms: number): string =>
  typeIdOf(prefix, uuidV7Bytes(random, ms))
