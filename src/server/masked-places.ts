import { jsonPointer } from '../common/json-pointer.js'
import { REDACTED } from '../secrets/index.js'
import { forEachHeader, type HeaderPairs } from './header-pairs.js'
import type { JournalHeaders } from './journal-headers.js'
import { parsedOrText } from './parsed-or-text.js'

/**
 * Where the journal masked a request (issue 32, item 6): a JSON pointer per value it changed,
 * `/headers/<name>` and `/body…`, found by comparing what was sent with what is kept. A dashboard
 * replay asks for these values only: a `[REDACTED]` a page sent itself is no masked value, and is
 * sent again as the literal it was.
 */

/** Most places listed: past it, the rest of a body is not told apart (a replay cannot fill it). */
const MAX_PLACES = 64
const MAX_DEPTH = 64

/** A kept value the journal masked (whole, or a secret inside a text). */
const isMasked = (kept: unknown) => typeof kept === 'string' && kept.includes(REDACTED)

/** The pointers under `path` where `kept` is not what was `sent`. */
const changedIn = (
  sent: unknown,
  kept: unknown,
  path: (string | number)[],
  into: string[],
): void => {
  if (into.length >= MAX_PLACES) return
  if (sent === kept) return
  const bothObjects =
    typeof sent === 'object' && sent !== null && typeof kept === 'object' && kept !== null
  if (!bothObjects || path.length > MAX_DEPTH || Array.isArray(sent) !== Array.isArray(kept)) {
    if (isMasked(kept)) into.push(`/body${jsonPointer(path)}`)
    return
  }
  for (const key of Object.keys(kept)) {
    const next = [...path, Array.isArray(kept) ? Number(key) : key]
    changedIn(Reflect.get(sent, key), Reflect.get(kept, key), next, into)
  }
}

/**
 * The places the journal masked: a header whose kept value is not the one sent, and each body
 * value kept otherwise than sent. `keptBody` as the journal holds it (parsed, or its text to parse
 * on read).
 */
export const maskedPlaces = (
  sentHeaders: HeaderPairs,
  keptHeaders: JournalHeaders,
  sentBody: string | undefined,
  keptBody: unknown,
): string[] => {
  const places: string[] = []
  // Only a kept header that shows the mask may be one the journal masked (most requests have none).
  const shown = Object.keys(keptHeaders).filter((name) => isMasked(keptHeaders[name]))
  if (shown.length > 0) {
    const sent = new Map<string, string>()
    forEachHeader(sentHeaders, (name, value) => {
      const lowered = name.toLowerCase()
      sent.set(lowered, sent.has(lowered) ? `${sent.get(lowered)}, ${value}` : value)
    })
    for (const name of shown)
      if (sent.get(name) !== keptHeaders[name]) places.push(`/headers/${name}`)
  }
  if (sentBody === undefined || sentBody === '') return places
  // A body kept as its text (read on demand) was masked only if the text is not the one sent.
  const keptText =
    typeof keptBody === 'object' && keptBody !== null && 'cleanText' in keptBody
      ? String(keptBody.cleanText)
      : undefined
  if (keptText !== sentBody)
    changedIn(
      parsedOrText(sentBody),
      keptText === undefined ? keptBody : parsedOrText(keptText),
      [],
      places,
    )
  return places
}
