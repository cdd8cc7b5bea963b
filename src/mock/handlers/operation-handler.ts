import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Operation, OperationId } from '../../api/operations.js'
import type { MockEnv } from '../env.js'

type BodySchemaOf<O extends Operation> =
  O['request']['body']['content']['application/json']['schema']
type ParamsSchemaOf<O extends Operation> = O['request'] extends {
  params: infer P extends z.ZodType
}
  ? P
  : undefined

/** What an operation's handler is given: its path parameters and body, both validated. */
type OperationInput<O extends Operation> = {
  readonly params: ParamsSchemaOf<O> extends z.ZodType ? z.output<ParamsSchemaOf<O>> : undefined
  readonly body: z.output<BodySchemaOf<O>>
}

/** An operation's handler: a validated request in, the answer out (the scenario came first). */
export type OperationHandler<O extends Operation = Operation> = (
  c: Context<MockEnv>,
  input: OperationInput<O>,
) => Response

/** Every operation's handler, by id: the API pipeline's last step looks the matched one up here. */
export type OperationHandlers = {
  readonly [Id in OperationId]: OperationHandler<Extract<Operation, { operationId: Id }>>
}
