import type { z } from '@hono/zod-openapi'
import { type Operation, type OperationId, operations } from '../api/operations.js'

/** The route's success status and the schema of its body: what the spec promises (principle 6). */
export const successOf = (operationId: OperationId): { status: number; schema: z.ZodType } => {
  const operation: Operation | undefined = operations.find((o) => o.operationId === operationId)
  const entry = Object.entries(operation?.responses ?? {}).find(([status]) =>
    status.startsWith('2'),
  )
  const content = entry?.[1].content
  if (!entry || !content || !('application/json' in content)) {
    throw new Error(`[worker-api-kit] ${operationId} declares no JSON success response`)
  }
  return { status: Number(entry[0]), schema: content['application/json'].schema }
}
