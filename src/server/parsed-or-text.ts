/** JSON parsed, or the text when it is not JSON. */
export const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
