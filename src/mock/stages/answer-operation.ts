import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { MatchedOperation } from '../../api/match-operation.js'
import {
  createWorker,
  type Operation,
  type OperationId,
  updateLlmProvider,
  updateWorker,
} from '../../api/operations.js'
import type { Problem } from '../../schemas/problem.js'
import { answerOperationJson, answerProblem, type Exchange } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { NO_PARAMS, OPERATION_HANDLERS, type RequestInput } from '../handlers/index.js'
import { mockNoRoute } from '../problems.js'
import { type RequestSchemas, validateRequest } from './validate-request.js'

/** The headers an answer may carry, as the route's header schemas take them. */
type AnswerHeaders = Readonly<Record<string, string | number | undefined>>

/** Any operation's answer, as the writer sees it (each handler's is typed by its route). */
type AnyAnswer =
  | { readonly status: number; readonly problem: Problem; readonly headers?: AnswerHeaders }
  | { readonly status: number; readonly body: unknown; readonly headers?: AnswerHeaders }

/**
 * An answer, the journal's copy of it when its writer made one (an operation's own answer, its
 * secret fields masked), and what the route learned of the request on the way: the body's text,
 * when validation read it (the journal keeps it as sent, masked).
 */
export type Reply = {
  readonly response: Response
  readonly copy?: Exchange['copy']
  readonly requestText?: string | undefined
}

/** A matched operation's request answered: validated, handled, written. */
type OperationAnswer = (c: Context<MockEnv>, operation: MatchedOperation) => Promise<Reply>

/** No headers of the handler's own (most answers): shared, never written to. */
const NO_HEADER_VALUES: Readonly<Record<string, string>> = Object.freeze({})

const headerValues = (headers: AnswerHeaders | undefined): Readonly<Record<string, string>> => {
  if (headers === undefined) return NO_HEADER_VALUES
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) values[name] = String(value)
  }
  return values
}

/**
 * A handler's answer written: a problem through the one problem writer, else JSON, with the
 * journal's copy of the operation's success answer written beside it.
 */
const writeAnswer = (
  c: Context<MockEnv>,
  operationId: OperationId,
  answer: AnyAnswer,
): Omit<Reply, 'requestText'> =>
  'problem' in answer
    ? {
        response: answerProblem(c, answer.problem, {
          status: answer.status,
          headers: headerValues(answer.headers),
        }),
      }
    : answerOperationJson(c, operationId, answer.body, answer.status, headerValues(answer.headers))

/**
 * An operation's request validated by these schemas and answered by this handler: the handler's
 * input is what the schemas parse, so a handler given another route's schemas does not compile.
 */
const answerWith =
  <P extends z.ZodType, B extends z.ZodType, A extends AnyAnswer>(
    schemas: RequestSchemas<P, B>,
    handler: (input: RequestInput<P, B>) => A,
  ): OperationAnswer =>
  async (c, { operationId, params }) => {
    const validated = await validateRequest(c, schemas, params)
    const requestText = validated.text
    if ('refusal' in validated) return { response: validated.refusal, requestText }
    // c.get, not c.var: Hono builds `c.var` as a new object from its map on every read.
    const input = validated.input
    const answer = handler({
      params: input.params,
      body: input.body,
      session: c.get('session'),
      now: c.get('now'),
      userId: c.get('userId'),
    })
    return { ...writeAnswer(c, operationId, answer), requestText }
  }

/** A route's JSON body schema, typed as the route declares it. */
const jsonBodyOf = <R extends Operation>(
  route: R,
): R['request']['body']['content']['application/json']['schema'] =>
  route.request.body.content['application/json'].schema

/** Each operation's request schemas (read from its route) paired with its handler. */
const OPERATION_ANSWERS: { readonly [O in OperationId]: OperationAnswer } = {
  createWorker: answerWith(
    { params: NO_PARAMS, body: jsonBodyOf(createWorker) },
    OPERATION_HANDLERS.createWorker,
  ),
  updateWorker: answerWith(
    { params: updateWorker.request.params, body: jsonBodyOf(updateWorker) },
    OPERATION_HANDLERS.updateWorker,
  ),
  updateLlmProvider: answerWith(
    { params: updateLlmProvider.request.params, body: jsonBodyOf(updateLlmProvider) },
    OPERATION_HANDLERS.updateLlmProvider,
  ),
}

/**
 * The route: the operation the request matched (handed on by the pipeline) validated and answered
 * by its handler; no operation is a 405 or 404. A handler's bug is the app's `onError` answer.
 */
export const answerOperation =
  (onError: (error: Error, c: Context<MockEnv>) => Response) =>
  async (c: Context<MockEnv>, operation: MatchedOperation | undefined): Promise<Reply> => {
    if (!operation) return { response: mockNoRoute(c) }
    try {
      return await OPERATION_ANSWERS[operation.operationId](c, operation)
    } catch (error) {
      return { response: onError(error instanceof Error ? error : new Error(String(error)), c) }
    }
  }
