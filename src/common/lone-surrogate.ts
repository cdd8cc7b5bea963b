/** A surrogate unit without its other half: JSON allows it, Unicode does not (RFC 8259 §8.2). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g')

/** Whether the text holds a surrogate without its other half. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text)

/** The text as a UTF-8 store keeps it: each lone surrogate as U+FFFD. */
export const withoutLoneSurrogates = (text: string): string =>
  text.replace(LONE_SURROGATES, '\uFFFD')
