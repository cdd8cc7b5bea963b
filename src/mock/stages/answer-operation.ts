import type { Context } from 'hono'
import { notFound } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { OPERATION_HANDLERS } from '../handlers/index.js'
import type { OperationHandler } from '../handlers/operation-handler.js'
import { validateRequest } from './validate-request.js'

/**
 * The route: the operation the request matched (carried in the context) validated and answered by
 * its handler; no operation is a 405 or 404. A handler's bug is the app's `onError` answer.
 */
export const answerOperation =
  (onError: (error: Error, c: Context<MockEnv>) => Response) =>
  async (c: Context<MockEnv>): Promise<Response> => {
    const operation = c.get('operation')
    if (!operation) return notFound(c)
    try {
      const validated = await validateRequest(c, operation)
      if ('refusal' in validated) return validated.refusal
      // The input was validated by this operation's own schemas just above.
      const handler = OPERATION_HANDLERS[operation.operationId] as OperationHandler
      return handler(c, validated.input as Parameters<OperationHandler>[1])
    } catch (error) {
      return onError(error instanceof Error ? error : new Error(String(error)), c)
    }
  }
