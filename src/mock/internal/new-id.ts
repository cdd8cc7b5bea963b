import { stampUuidV7 } from '../../common/stamp-uuid-v7.js'
import type { Random } from './random.js'

const TIMESTAMP_BYTES = 6 // RFC 9562 §5.7: 48-bit big-endian Unix milliseconds
// TypeID spec: Crockford base32, lowercase, 26 characters for 128 bits (the first holds 2 bits).
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

/**
 * A TypeID suffix for 16 bytes. The mock's own encoder (typeid-js costs ~25 ms of start-up to
 * load); a test checks every id against typeid-js's parser.
 */
export const typeIdSuffix = (bytes: Uint8Array): string => {
  // 130 bits, 5 at a time: two leading zero bits, then the 128 of the bytes, most significant first.
  let pending = 0
  let bits = 2
  let out = ''
  for (const byte of bytes) {
    pending = (pending << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += ALPHABET[(pending >> bits) & 31]
    }
    pending &= (1 << bits) - 1
  }
  return out
}

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

/** The TypeID of these 16 UUID bytes under `prefix`. */
export const typeIdOf = (prefix: string, bytes: Uint8Array): string =>
  `${prefix}_${typeIdSuffix(bytes)}`
