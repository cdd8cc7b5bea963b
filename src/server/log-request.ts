import type { Context } from 'hono'
import { printable } from '../common/printable.js'
import { maskedPath } from './masked-path.js'

/**
 * One log line for a request: method, path, status and time. The path is the client's text, so
 * it is masked (a credential in a path segment) and made printable (no forged lines, no terminal
 * escapes), spaces encoded; never a body, a query or a header.
 */
export const logLine = (
  c: Context,
  status: number,
  startedAt: number,
  /** The writer's book: a secret learnt (a JWT as a path segment, a key as an id) masked too. */
  mask: (text: string) => string = (text) => text,
): string => {
  // Spaces stay encoded, so the line keeps its four fields whatever the path holds.
  const path = printable(maskedPath(c.req.path, mask)).replaceAll(' ', '%20')
  return `${printable(c.req.method, 16)} ${path} ${status} ${(performance.now() - startedAt).toFixed(1)}ms`
}
