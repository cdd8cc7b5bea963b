import { isJsonMediaType } from './media-type.js'

/**
 * Headers for an answer whose body someone else wrote (a scenario rule's, a proxied target's):
 * never sniffed (a `text/plain` body read as HTML), and, when it is not JSON, its own sandboxed,
 * script-less origin (CSP3 `sandbox`), so the body never runs script on the kit's origin, where a
 * page could read the journal or register a worker.
 */
export const untrustedAnswerHeaders = (
  contentType: string | null | undefined,
): Readonly<Record<string, string>> =>
  isJsonMediaType(contentType ?? undefined)
    ? { 'x-content-type-options': 'nosniff' }
    : {
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
      }
