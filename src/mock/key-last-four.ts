import { jsonObjectOr } from '../common/json-object.js'

/** A field that names the last characters of a key (`apiKeyLastFour`, `api_key_last4`, `lastFour`). */
const LAST_FOUR_NAME = /last[-_]?(?:four|4)/i
/** A field that holds a key or its masked form (`apiKey`, `maskedApiKey`, `apiKeyHint`, `keyHint`). */
const KEY_NAME = /api[-_]?key|key[-_]?hint|masked/i
/** The characters a masked key hides the rest behind: `sk-…abcd`, `****abcd`, `••••abcd`, `sk-...abcd`. */
const MASK = /[*•…·.]/
/** Characters kept: the mock shows four (`apiKeyLastFour`). */
const SHOWN = 4

/** What follows the last mask character of `value`, and whether it had one. */
const visibleTail = (value: string) => {
  let at = -1
  for (let i = value.length - 1; i >= 0; i--) {
    if (MASK.test(value.charAt(i))) {
      at = i
      break
    }
  }
  return { tail: value.slice(at + 1).trim(), isMasked: at >= 0 }
}

const objectOr = jsonObjectOr

/**
 * A key's hint as the mock shows it and a scenario file may hold it: four printable ASCII
 * characters (no blank, tab or non-ASCII character, half a surrogate pair least of all).
 */
export const KEY_HINT = /^[!-~]{4}$/

const isShowable = (text: string) => KEY_HINT.test(text)

/**
 * The last four characters of the key, as the target's provider answer (`{ llmProvider }`) shows
 * them, or undefined.
 * Only a hint is taken: a last-four field of exactly four characters, or a masked key (`sk-…abcd`)
 * whose visible tail has four or more (of which only the last four are kept). A field holding a
 * key in clear is no hint: nothing of it is kept. Never more than four characters of anything.
 */
export const keyLastFourOf = (answer: unknown): string | undefined => {
  const provider = objectOr(objectOr(answer)?.['llmProvider']) ?? {}
  for (const [name, value] of Object.entries(provider)) {
    if (typeof value !== 'string') continue
    const { tail, isMasked } = visibleTail(value)
    if (LAST_FOUR_NAME.test(name) && isShowable(tail)) return tail
    if (KEY_NAME.test(name) && isMasked && tail.length >= SHOWN) {
      const lastFour = tail.slice(-SHOWN)
      if (isShowable(lastFour)) return lastFour
    }
  }
  return undefined
}
