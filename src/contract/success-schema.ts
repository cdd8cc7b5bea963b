import type { z } from '@hono/zod-openapi'
import { operationEntry } from '../api/operation-table.js'
import type { OperationId } from '../api/operations.js'

/** The route's success status and the schema of its body: what the spec promises (principle 6). */
export const successOf = (operationId: OperationId): { status: number; schema: z.ZodType } =>
  operationEntry(operationId).success
