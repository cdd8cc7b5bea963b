/** A percent-encoded text decoded, or as it is where it does not decode (`%E0%A4`, a lone `%`). */
export const percentDecoded = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
