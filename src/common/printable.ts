/**
 * What must never reach a terminal as it is: C0 and C1 control characters and DEL (ESC starts
 * `ESC]52` clipboard writes, `ESC[2J` screen clears, `ESC]8` hyperlinks; 0x9b is a one-byte CSI),
 * the Unicode line and paragraph separators, and the format characters that reorder or hide text:
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, the marks U+200E,
 * U+200F and U+061C), the zero-width space and joiners (U+200B–U+200D), the word joiner and
 * invisible operators (U+2060–U+2064) and the zero-width no-break space (U+FEFF). Each can make a
 * line read other than what it holds (CVE-2021-42574, "Trojan Source"); none is needed in a log
 * or a report, so all are shown escaped.
 */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/** Longest text a log line quotes from a request; the rest is counted, not shown. */
const MAX_LOGGED_CHARS = 300

/**
 * Text from a server, a client, a file or a flag made safe for one line of a terminal or a log:
 * the characters above escaped as `\xNN` / `\uNNNN` (so no forged lines, no terminal escapes, no
 * reordered text), and cut at `max` characters. The one filter every printed line goes through.
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

/**
 * A report of several lines through `printable` line by line, whole: its own line breaks are
 * kept, any other control character is escaped.
 */
export const printableLines = (text: string): string =>
  text
    .split('\n')
    .map((line) => printable(line, Number.POSITIVE_INFINITY))
    .join('\n')
