import { z } from '@hono/zod-openapi'
import type { Operation } from './operations.js'

/**
 * `Prefer: code=409` (Prism's convention, RFC 7240's header): the answer of that declared status
 * for this one request. Other preferences in the header are ignored, as RFC 7240 §2 asks.
 */
const CODE_PREFERENCE = /(?:^|[\s,;])code=([^\s,;]*)/i

/**
 * The header as the document declares it on every operation of the API. Its metadata is zod's
 * `.meta()`, which zod-openapi reads as `.openapi()`'s: `.openapi()` exists only once
 * @hono/zod-openapi has run, which a bundle split in chunks (dist/bin) need not order first.
 */
export const PreferHeader = z
  .string()
  .optional()
  .meta({
    param: { in: 'header', required: false },
    description:
      "worker-api-kit's mock: `code=NNN` answers this operation's declared response of that status for this one request (a problem+json for 4xx, the operation's own success for 2xx); an undeclared code is a 400 problem listing the declared ones. A real deployment ignores it.",
  })

/** The statuses an operation declares, in the order of its `responses`. */
export const declaredStatuses = (operation: Operation): number[] =>
  Object.keys(operation.responses).map(Number)

/**
 * The `code` a Prefer header asks for: undefined when it asks none, the raw text when it is no
 * three-digit status (the caller refuses it, quoting it masked, then cut).
 */
export const preferredCode = (
  header: string | undefined,
): { code: number } | { invalid: string } | undefined => {
  const found = header === undefined ? null : CODE_PREFERENCE.exec(header)
  if (!found) return undefined
  const text = found[1] ?? ''
  return /^[1-5]\d\d$/.test(text) ? { code: Number(text) } : { invalid: text }
}
