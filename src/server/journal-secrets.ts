/** What the journal masks in one request's texts, and learns from its body. */
export type JournalSecrets = {
  /**
   * Learns the secrets of a request's or an answer's text (an `apiKey`, a login's token), to mask
   * them wherever they come back.
   */
  readonly learn: (text: string) => void
  /**
   * Learns secret values found already: the credentials a request carries (its credential
   * headers, its secret query parameters), the tokens an answer's writer handed out.
   */
  readonly learnValues?: (values: readonly string[]) => void
  /** The text with the request's `Authorization` (every form) and the session's secrets masked. */
  readonly mask: (text: string) => string
  /**
   * Whether `mask` gives every text back as it is now (nothing known to mask yet): the journal then
   * skips its passes. Asked again after `learn`, which may teach it a key.
   */
  readonly masksNothing?: () => boolean
}
