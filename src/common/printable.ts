/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/** Longest text a log line quotes from a request; the rest is counted, not shown. */
const MAX_LOGGED_CHARS = 300

/**
 * Text from a request made safe for one log line: control characters escaped as `\xNN` /
 * `\uNNNN` (so no forged lines and no terminal escapes), and cut at `max` characters.
 */
export const printable = (text: string, max: number = MAX_LOGGED_CHARS): string => {
  const cut = text.length > max ? `${text.slice(0, max)}…(+${text.length - max})` : text
  return cut.replace(UNPRINTABLE, (char) => {
    const code = char.charCodeAt(0)
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
