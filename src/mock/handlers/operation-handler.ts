import { z } from '@hono/zod-openapi'
import type { PROBLEM_CONTENT_TYPE } from '../../api/content.js'
import type { Operation, OperationId } from '../../api/operations.js'
import type { Session } from '../session.js'

/** The route of an operation id. */
type RouteOf<O extends OperationId> = Extract<Operation, { readonly operationId: O }>

/** The parameters of a route without path parameters: none, checked as an empty object. */
export const NO_PARAMS = z.object({})

type ParamsSchemaOf<O extends OperationId> = RouteOf<O>['request'] extends {
  readonly params: infer P extends z.ZodType
}
  ? P
  : typeof NO_PARAMS
type BodySchemaOf<O extends OperationId> =
  RouteOf<O>['request']['body']['content']['application/json']['schema']

/** Who asks and when: what every handler reads besides the request. */
type Caller = {
  readonly session: Session
  /** The request's time, read once from the app's clock (ms since the epoch). */
  readonly now: number
  readonly userId: string
}

/** A request validated by these schemas: its path parameters and body, parsed, and its caller. */
export type RequestInput<P extends z.ZodType, B extends z.ZodType> = Caller & {
  readonly params: z.output<P>
  readonly body: z.output<B>
}

/** What an operation's handler is given: the input its route's request schemas parse. */
export type HandlerInput<O extends OperationId> = RequestInput<ParamsSchemaOf<O>, BodySchemaOf<O>>

/** The headers a declared response carries, if it declares any (then nothing else). */
type HeadersOf<R> = R extends { readonly headers: infer H extends z.ZodType }
  ? { readonly headers?: z.input<H> }
  : { readonly headers?: never }

/** One declared response as an answer: a problem (its catalogue body) or a JSON body. */
type AnswerTo<S, R> = (R extends {
  readonly content: {
    readonly [PROBLEM_CONTENT_TYPE]: { readonly schema: infer P extends z.ZodType }
  }
}
  ? // The problem's own status is the answer's: a problem of another kind does not compile.
    { readonly status: S; readonly problem: z.input<P> & { readonly status: S } }
  : R extends {
        readonly content: {
          readonly 'application/json': { readonly schema: infer J extends z.ZodType }
        }
      }
    ? { readonly status: S; readonly body: z.input<J> }
    : never) &
  HeadersOf<R>

/**
 * Every answer an operation's handler can give, one per response its route declares: the status,
 * the body its schema takes (a problem for an error status) and the headers it declares. A status
 * the route does not declare is no answer: it does not compile (test/types/answer.test-d.ts).
 */
export type Answer<O extends OperationId> = {
  [S in keyof RouteOf<O>['responses'] & number]: AnswerTo<S, RouteOf<O>['responses'][S]>
}[keyof RouteOf<O>['responses'] & number]

/** An operation's handler: a validated request in, one of its route's answers out. */
export type OperationHandler<O extends OperationId> = (input: HandlerInput<O>) => Answer<O>

/** Every operation's handler, by id: the API pipeline's last step answers with the matched one. */
export type OperationHandlers = { readonly [O in OperationId]: OperationHandler<O> }
