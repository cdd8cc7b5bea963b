/** Texts whose answers are kept: names and values that come again and again (`host`, `apiKey`). */
const MAX_KNOWN = 256
/**
 * Longer texts are not kept, nor looked for (the kept ones take at most MAX_KNOWN × MAX_KNOWN_TEXT
 * characters): long enough for an API path (84 characters) and a content type.
 */
const MAX_KNOWN_TEXT = 128

/**
 * A pure function of short texts, its answers kept: a client sends the same few paths, header
 * names and values on every request, an answer has the same few field names, and each test is a
 * regular expression or two (a long alternation costs 20–40 ns a character). Past MAX_KNOWN texts,
 * the kept answers are forgotten and kept again.
 */
export const remembered = <T extends boolean | number | string>(
  test: (text: string) => T,
): ((text: string) => T) => {
  const known = new Map<string, T>()
  return (text) => {
    if (text.length > MAX_KNOWN_TEXT) return test(text)
    const found = known.get(text)
    if (found !== undefined) return found
    const answer = test(text)
    if (known.size >= MAX_KNOWN) known.clear()
    known.set(text, answer)
    return answer
  }
}
