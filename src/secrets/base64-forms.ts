/**
 * The base64 and base64url forms of a text, at every alignment, as secret scanners search for
 * them: a server that encodes `u:<token>`, a JSON claim or a header line writes the token's bytes
 * at any offset of the encoded bytes, and base64 writes 3 bytes as 4 characters, so the token's
 * characters differ with its offset modulo 3. At each offset, the characters that hold only the
 * token's bits are the same whatever comes before and after it: that run is searched for.
 */

/** Bits per base64 character (RFC 4648 §4). */
const BITS_PER_CHARACTER = 6
/** Bytes of filler before the value: its offset modulo 3 in the encoded bytes. */
const ALIGNMENTS = [0, 1, 2] as const

// Plain code, no Buffer: the mock masks with these in browsers too (the MSW handlers).

/** The text's UTF-8 bytes as a binary string (one character per byte), as `btoa` reads them. */
const binaryOf = (text: string) => {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return binary
}

/** RFC 4648 §5: the URL- and filename-safe alphabet, unpadded. */
const toBase64Url = (base64: string) =>
  base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')

/**
 * The characters of the value's encoding that hold none of the filler's bits (before it) nor of
 * what follows it (after it): what any base64 text holding the value at this alignment holds.
 */
const stableRun = (binary: string, filler: number) => {
  const encoded = btoa('\0'.repeat(filler) + binary)
  const start = Math.ceil((filler * 8) / BITS_PER_CHARACTER)
  const end = Math.floor(((filler + binary.length) * 8) / BITS_PER_CHARACTER)
  return encoded.slice(start, end)
}

/**
 * The text encoded whole (padded, unpadded and base64url), so that a value encoded alone is masked
 * whole, its last character and padding included; then the stable run at each alignment, in both
 * alphabets. A run leaves out at most 4 of the value's bits at each end: too few to read any of it
 * back.
 */
export const base64Forms = (text: string): string[] => {
  const binary = binaryOf(text)
  const whole = btoa(binary)
  const forms = [whole, whole.replace(/=+$/, ''), toBase64Url(whole)]
  for (const filler of ALIGNMENTS) {
    const run = stableRun(binary, filler)
    forms.push(run, toBase64Url(run))
  }
  return forms
}
