/** `boundary=…` of a `multipart/form-data` media type, quoted or not (RFC 2046 §5.1.1). */
const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i
/** A part's field name in its `Content-Disposition` line (RFC 7578 §4.2). */
const FIELD_NAME = /^content-disposition:[^\r\n]*?\bname="([^"]*)"/im
/** Most parts read; a form of a login or an upload has a few. */
const MAX_PARTS = 1_000

/**
 * The fields of a `multipart/form-data` body as `[name, value]` pairs: the boundary from its media
 * type, or the body's first line where none is given (DevTools writes the body's text alone).
 * Read by splitting on the boundary: one pass, whatever the body holds.
 */
export const multipartFields = (
  text: string,
  mediaType = '',
): (readonly [name: string, value: string])[] => {
  const given = BOUNDARY.exec(mediaType)
  const firstLine = text.startsWith('--') ? /^--([^\r\n]+?)\s*$/m.exec(text)?.[1] : undefined
  const boundary = given?.[1] ?? given?.[2] ?? firstLine
  if (boundary === undefined || boundary === '') return []
  const fields: (readonly [string, string])[] = []
  for (const part of text.split(`--${boundary}`).slice(1, MAX_PARTS + 1)) {
    const headEnd = part.search(/\r?\n\r?\n/)
    if (headEnd === -1) continue
    const name = FIELD_NAME.exec(part.slice(0, headEnd))?.[1]
    if (name === undefined) continue
    const bodyStart = part.indexOf('\n', part.indexOf('\n', headEnd) + 1) + 1
    fields.push([name, part.slice(bodyStart).replace(/\r?\n$/, '')])
  }
  return fields
}
