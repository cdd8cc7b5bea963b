import { TypeID } from 'typeid-js'
import type { Random } from './random.js'

const TIMESTAMP_BYTES = 6 // RFC 9562 §5.7: 48-bit big-endian Unix milliseconds

/**
 * A real TypeID whose UUIDv7 takes its time from `ms` and its random bits from the seeded
 * generator, so the same seed and clock give the same ids.
 */
export const newId = (prefix: string, random: Random, ms: number): string => {
  const bytes = random.bytes(16)
  let time = Math.max(0, Math.floor(ms))
  for (let i = TIMESTAMP_BYTES - 1; i >= 0; i--) {
    bytes[i] = time % 256
    time = Math.floor(time / 256)
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70 // version 7
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80 // RFC 9562 variant
  return TypeID.fromUUIDBytes(prefix, bytes).toString()
}
