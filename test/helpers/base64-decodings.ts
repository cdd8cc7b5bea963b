// What anyone can read back from the base64 in a text: each run of base64 or base64url characters
// decoded from each of its first four characters (one of them starts on a 3-byte boundary of what
// was encoded, wherever the run was cut). Builders only.

/** A run of characters of either alphabet (RFC 4648 §4 and §5), padding left out. */
const BASE64_RUN = /[A-Za-z0-9+/_-]+/g
/** A run starts on a boundary, or 1, 2 or 3 characters past one. */
const SHIFTS = [0, 1, 2, 3] as const

/** Every decoding of every base64 run in the text, as binary strings (one character per byte). */
const base64Decodings = (text: string): string[] =>
  (text.match(BASE64_RUN) ?? []).flatMap((run) =>
    // Node's base64 decoder reads both alphabets and ignores a trailing lone character.
    SHIFTS.map((shift) => Buffer.from(run.slice(shift), 'base64').toString('latin1')),
  )

/** The text's UTF-8 bytes as a binary string, to be searched for in `base64Decodings`. */
const binaryOf = (text: string) => Buffer.from(text).toString('latin1')

/** Whether any base64 in the text decodes to bytes holding the secret's. */
export const decodesToSecret = (text: string, secret: string) =>
  base64Decodings(text).some((decoded) => decoded.includes(binaryOf(secret)))
