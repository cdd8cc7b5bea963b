import { OPERATION_TABLE } from './operation-table.js'
import type { OperationId } from './operations.js'

/** An operation a request calls, with its path parameters (percent-decoded where possible). */
export type MatchedOperation = { operationId: OperationId; params: Record<string, string> }

/** The operation a method and path call, with its path parameters, or undefined. */
export const matchOperation = (method: string, path: string): MatchedOperation | undefined => {
  for (const entry of OPERATION_TABLE) {
    if (entry.method !== method) continue
    const found = entry.pattern.exec(path)
    if (!found) continue
    const params: Record<string, string> = {}
    entry.paramNames.forEach((name, i) => {
      const raw = found[i + 1] ?? ''
      try {
        params[name] = decodeURIComponent(raw)
      } catch {
        params[name] = raw
      }
    })
    return { operationId: entry.operationId, params }
  }
  return undefined
}

/** Methods the API defines at this path (empty if the path is none of its routes). */
export const allowedMethods = (path: string) =>
  OPERATION_TABLE.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method)
