import { type OperationId, operations } from './operations.js'

const ROUTES = operations.map((operation) => ({
  operationId: operation.operationId,
  method: operation.method.toUpperCase(),
  names: [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
}))

/** An operation a request calls, with its path parameters (percent-decoded where possible). */
export type MatchedOperation = { operationId: OperationId; params: Record<string, string> }

/** The operation a method and path call, with its raw path parameters, or undefined. */
export const matchOperation = (method: string, path: string): MatchedOperation | undefined => {
  for (const route of ROUTES) {
    if (route.method !== method) continue
    const found = route.pattern.exec(path)
    if (!found) continue
    const params: Record<string, string> = {}
    route.names.forEach((name, i) => {
      const raw = found[i + 1] ?? ''
      try {
        params[name] = decodeURIComponent(raw)
      } catch {
        params[name] = raw
      }
    })
    return { operationId: route.operationId, params }
  }
  return undefined
}

/** Methods the API defines at this path (empty if the path is none of its routes). */
export const allowedMethods = (path: string) =>
  ROUTES.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method)
