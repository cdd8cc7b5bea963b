/**
 * Sets the version and variant bits of 16 UUID bytes in place (RFC 9562 §5.7: version 7 in the
 * high nibble of byte 6, §4.1: variant `10` in the two high bits of byte 8) and returns them.
 * The one place these bits are written: the mock's ids, the token users and the contract's
 * generated TypeIDs all pass through it.
 */
export const stampUuidV7 = (bytes: Uint8Array): Uint8Array => {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  return bytes
}
