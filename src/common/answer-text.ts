import { hasLoneSurrogate } from './lone-surrogate.js'

/**
 * The text an answer built in this process was written from, by answer. An in-process caller (the
 * judge sending with an app's `request`) reads it here instead of through the answer's web stream,
 * which costs more than the rest of reading it. Held weakly: an answer no one holds is forgotten.
 */
const texts = new WeakMap<Response, string>()

/** Notes the text `answer` was built from (call it on a Response built from that very text). */
export const rememberAnswerText = (answer: Response, text: string): Response => {
  texts.set(answer, text)
  return answer
}

/**
 * The text `answer` was built from, while its body is still whole (nobody has read or locked it)
 * and the text is what its UTF-8 bytes decode to again (no lone surrogate, which an encoder writes
 * as U+FFFD); else undefined, and the body is read as bytes.
 */
export const answerTextOf = (answer: Response): string | undefined => {
  const text = texts.get(answer)
  if (text === undefined || answer.bodyUsed || answer.body === null || answer.body.locked)
    return undefined
  return hasLoneSurrogate(text) ? undefined : text
}
