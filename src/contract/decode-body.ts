/** RFC 8259 §8.1: JSON between systems MUST be UTF-8; a conforming client does not guess. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
/** For the text a report quotes, when the bytes are not UTF-8 (each bad sequence becomes U+FFFD). */
const lenientUtf8 = new TextDecoder('utf-8')
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf] as const
const BYTE_ORDER_MARK_CHAR = '\ufeff'

/** A body's text as a conforming client reads it, and what it had to forgive or could not. */
export type DecodedBody = {
  /** The text, without a leading byte order mark; invalid sequences as U+FFFD when not UTF-8. */
  readonly text: string
  readonly isUtf8: boolean
  /** RFC 8259 §8.1: a sender MUST NOT add a byte order mark; a parser MAY ignore it. */
  readonly hasByteOrderMark: boolean
}

/** The body's bytes decoded as strictly as a conforming client decodes JSON; a string is taken as decoded. */
export const decodeBody = (body: Uint8Array | string): DecodedBody => {
  if (typeof body === 'string') {
    const hasByteOrderMark = body.startsWith(BYTE_ORDER_MARK_CHAR)
    return { text: hasByteOrderMark ? body.slice(1) : body, isUtf8: true, hasByteOrderMark }
  }
  const hasByteOrderMark = BYTE_ORDER_MARK.every((byte, i) => body[i] === byte)
  try {
    // The decoder drops a leading byte order mark (ignoreBOM is false): it is reported above.
    return { text: strictUtf8.decode(body), isUtf8: true, hasByteOrderMark }
  } catch {
    return { text: lenientUtf8.decode(body), isUtf8: false, hasByteOrderMark }
  }
}
