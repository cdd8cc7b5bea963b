// A handler's answers are typed from its route: a status the route does not declare, or a body
// its response schema does not take, does not compile. Checked by `npm run typecheck` and
// `npm run test:types` (vitest typecheck).
import { describe, expectTypeOf, it } from 'vitest'
import type { MockEnv } from '../../src/mock/env.js'
import type { Answer, HandlerInput, OperationHandler } from '../../src/mock/handlers/index.js'
import { MOCK_PROBLEMS } from '../../src/mock/problems.js'
import type { ServerEnv } from '../../src/server/index.js'

declare const created: Extract<Answer<'createWorker'>, { status: 201 }>['body']

describe("a handler's answers", () => {
  it('compile for every status the route declares', () => {
    const answers: Answer<'createWorker'>[] = [
      { status: 201, body: created },
      { status: 400, problem: MOCK_PROBLEMS.validation([]) },
      {
        status: 429,
        problem: MOCK_PROBLEMS.rateLimited(1, 1000, 1),
        headers: { 'retry-after': 1 },
      },
    ]
    expectTypeOf(answers).toBeArray()
    const renamed: Answer<'updateWorker'> = {
      status: 404,
      problem: MOCK_PROBLEMS.workerNotFound('x'),
    }
    expectTypeOf(renamed).toExtend<Answer<'updateWorker'>>()
    expectTypeOf<Answer<'updateWorker'>['status']>().toEqualTypeOf<
      200 | 400 | 401 | 404 | 413 | 415 | 429
    >()
  })

  it('are exactly the statuses the route declares', () => {
    expectTypeOf<Answer<'createWorker'>['status']>().toEqualTypeOf<
      201 | 400 | 401 | 413 | 415 | 429
    >()
  })

  it('do not compile for a status the route does not declare', () => {
    const createWorker: OperationHandler<'createWorker'> = () =>
      // @ts-expect-error createWorker declares no 404
      ({ status: 404, problem: MOCK_PROBLEMS.workerNotFound('x') })
    expectTypeOf(createWorker).toBeFunction()
  })

  it("take a problem's status from its kind: a problem of another status does not compile", () => {
    const renameMissing: OperationHandler<'updateWorker'> = () =>
      // @ts-expect-error updateWorker declares 400, but a not-found problem is a 404
      ({ status: 400, problem: MOCK_PROBLEMS.workerNotFound('x') })
    const tooMany: OperationHandler<'createWorker'> = () =>
      // @ts-expect-error a validation problem is a 400, not a 429
      ({ status: 429, problem: MOCK_PROBLEMS.validation([]), headers: { 'retry-after': 1 } })
    expectTypeOf(renameMissing).toBeFunction()
    expectTypeOf(tooMany).toBeFunction()
    expectTypeOf(MOCK_PROBLEMS.workerNotFound('x').status).toEqualTypeOf<404>()
    expectTypeOf(MOCK_PROBLEMS.validation([]).status).toEqualTypeOf<400>()
  })

  it('do not compile for a body its response schema does not take', () => {
    // @ts-expect-error a 201 answers a worker, its tokens, instance and launch
    const wrongBody: Answer<'createWorker'> = { status: 201, body: { worker: created.worker } }
    const problemAsBody: Answer<'createWorker'> = {
      status: 400,
      // @ts-expect-error an error status answers a problem, not a JSON body
      body: MOCK_PROBLEMS.validation([]),
    }
    // @ts-expect-error a 400 declares no headers
    const undeclaredHeader: Answer<'createWorker'> = {
      status: 400,
      problem: MOCK_PROBLEMS.validation([]),
      headers: { 'retry-after': 1 },
    }
    expectTypeOf([wrongBody, problemAsBody, undeclaredHeader]).toBeArray()
  })

  it("take the input their route's request schemas parse", () => {
    expectTypeOf<HandlerInput<'updateWorker'>['params']>().toEqualTypeOf<{ id: string }>()
    expectTypeOf<HandlerInput<'updateWorker'>['body']>().toEqualTypeOf<{ name: string }>()
    expectTypeOf<HandlerInput<'createWorker'>['body']['destination']>().toEqualTypeOf<
      'local' | 'cloud'
    >()
  })
})

describe("the request's context", () => {
  it('carries only what the front sets for every stage: what a stage learns travels as a value', () => {
    // The matched operation, the body's text and the written answer are handed forward as values
    // (api-pipeline.ts, `Reply`, `writtenOf`), never set by one stage for a later one to read.
    expectTypeOf<keyof ServerEnv['Variables']>().toEqualTypeOf<'answerHeaders'>()
    expectTypeOf<keyof MockEnv['Variables']>().toEqualTypeOf<
      'answerHeaders' | 'session' | 'now' | 'userId' | 'putBackSession'
    >()
  })
})
