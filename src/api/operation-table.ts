import type { z } from '@hono/zod-openapi'
import { type Operation, type OperationId, operations } from './operations.js'

/**
 * One operation of the API, compiled once from its `createRoute` object: everything that would
 * otherwise re-parse the path template or re-read the route (the mock's matcher and validation
 * hook, the contract's requests and checks, the tests) reads it here.
 */
export type OperationEntry = {
  readonly operationId: OperationId
  /** `POST`, `PATCH`. */
  readonly method: string
  /** The OpenAPI template, `/v1/workers/{id}`. */
  readonly path: string
  /** Hono's routing path, `/v1/workers/:id`. */
  readonly routingPath: string
  /** The path parameters, in the order the template names them. */
  readonly paramNames: readonly string[]
  /** Matches a request path; group i is the raw (percent-encoded) value of `paramNames[i]`. */
  readonly pattern: RegExp
  /** The same path with any id left empty (`/v1/orgs//llm-providers/…`): a judge's reading, never a route. */
  readonly patternWithEmptyIds: RegExp
  /** The request path for these parameters, each percent-encoded. */
  readonly pathFor: (params: Readonly<Record<string, string>>) => string
  readonly bodySchema: z.ZodType
  readonly paramsSchema: z.ZodType | undefined
  /** The declared success status and the schema of its JSON body (what the spec promises). */
  readonly success: { readonly status: number; readonly schema: z.ZodType }
}

const PARAM = /\{(\w+)\}/g

const successOf = (operation: Operation): OperationEntry['success'] => {
  const entry = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))
  const content = entry?.[1].content
  if (!entry || !content || !('application/json' in content)) {
    throw new Error(`[worker-api-kit] ${operation.operationId} declares no JSON success response`)
  }
  return { status: Number(entry[0]), schema: content['application/json'].schema }
}

const compile = (operation: Operation): OperationEntry => {
  const template = operation.path
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: template,
    routingPath: operation.getRoutingPath(),
    paramNames: [...template.matchAll(PARAM)].map((m) => m[1] ?? ''),
    pattern: new RegExp(`^${template.replace(PARAM, '([^/]+)')}$`),
    patternWithEmptyIds: new RegExp(`^${template.replace(PARAM, '([^/]*)')}$`),
    pathFor: (params) =>
      template.replace(PARAM, (_, name: string) => encodeURIComponent(params[name] ?? '')),
    bodySchema: operation.request.body.content['application/json'].schema,
    paramsSchema: 'params' in operation.request ? operation.request.params : undefined,
    success: successOf(operation),
  }
}

/** The three operations, compiled, in the order of `operations`. */
export const OPERATION_TABLE: readonly OperationEntry[] = operations.map(compile)

const BY_ID = new Map(OPERATION_TABLE.map((entry) => [entry.operationId, entry]))

/** The compiled operation of an id (every id of `OperationId` has one). */
export const operationEntry = (operationId: OperationId): OperationEntry => {
  const entry = BY_ID.get(operationId)
  if (!entry) throw new Error(`[worker-api-kit] no operation ${operationId}`)
  return entry
}
