/** Texts whose answers are kept: names and values that come again and again (`host`, `apiKey`). */
const MAX_KNOWN = 256
/** Longer texts are not kept (the kept ones take at most MAX_KNOWN × MAX_KNOWN_TEXT characters). */
const MAX_KNOWN_TEXT = 64

/**
 * A test on short texts, its answers kept: a client sends the same few header names and values
 * on every request, an answer has the same few field names, and each test is a regular expression
 * or two. Past MAX_KNOWN texts, the kept answers are forgotten and kept again.
 */
export const remembered = <T extends boolean | number>(
  test: (text: string) => T,
): ((text: string) => T) => {
  const known = new Map<string, T>()
  return (text) => {
    const found = known.get(text)
    if (found !== undefined) return found
    const answer = test(text)
    if (text.length <= MAX_KNOWN_TEXT) {
      if (known.size >= MAX_KNOWN) known.clear()
      known.set(text, answer)
    }
    return answer
  }
}
