import { tryDecodeURIComponent } from 'hono/utils/url'
import { OPERATION_TABLE, type OperationEntry } from './operation-table.js'
import type { OperationId } from './operations.js'

/**
 * An operation a request calls, with its compiled entry and its path parameters, each
 * percent-decoded as Hono decodes a route's parameters (an undecodable sequence stays as sent).
 */
export type MatchedOperation = {
  readonly operationId: OperationId
  readonly entry: OperationEntry
  readonly params: Record<string, string>
}

/**
 * The operation a method and path call, with its path parameters, or undefined. `withEmptyIds`:
 * also a path whose id segments are empty, with those ids `''` (what a judge of traffic must
 * still judge: a server whose router lets a segment be empty may answer it).
 */
export const matchOperation = (
  method: string,
  path: string,
  { withEmptyIds = false }: { readonly withEmptyIds?: boolean } = {},
): MatchedOperation | undefined => {
  for (const entry of OPERATION_TABLE) {
    if (entry.method !== method) continue
    const found = (withEmptyIds ? entry.patternWithEmptyIds : entry.pattern).exec(path)
    if (!found) continue
    const params: Record<string, string> = {}
    entry.paramNames.forEach((name, i) => {
      params[name] = tryDecodeURIComponent(found[i + 1] ?? '')
    })
    return { operationId: entry.operationId, entry, params }
  }
  return undefined
}

/** Methods the API defines at this path (empty if the path is none of its routes). */
export const allowedMethods = (path: string) =>
  OPERATION_TABLE.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method)
