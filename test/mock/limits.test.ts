import type { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { operationEntry } from '../../src/api/operation-table.js'
import { operations } from '../../src/api/operations.js'
import { boundarySizes, limitsOf, withValueAt } from '../../src/contract/limits.js'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { createdWorkerId, makeId, minimalBody } from '../helpers/requests.js'
import { pointersOf, send } from '../helpers/send.js'

type OperationId = (typeof operations)[number]['operationId']

/** Path parameters that exist in a fresh mock, so only the bound under test can fail. */
const existingParams = async (app: MockApp, id: OperationId): Promise<Record<string, string>> => {
  if (id === 'updateWorker') return { id: await createdWorkerId(app) }
  if (id === 'updateLlmProvider') return { ...app.ids }
  return {}
}

type Case = (typeof cases)[number]

/** One request with the bound under test at `size`, every other part valid. */
const sendAtSize = async ({ operation, part, limit, size }: Omit<Case, 'name' | 'isValid'>) => {
  const app = createMockApp()
  const params = await existingParams(app, operation.operationId)
  let body = minimalBody(operation.operationId)
  if (part === 'body') body = withValueAt(body, limit.path, limit.valueOfSize(size))
  else Object.assign(params, withValueAt(params, limit.path, limit.valueOfSize(size)))
  return send(
    app,
    operation.method.toUpperCase(),
    operationEntry(operation.operationId).pathFor(params),
    body,
  )
}

// Every bound of spec §4 / §8 at min-1, min, max, max+1, read from the schemas.
const cases = operations.flatMap((operation) => {
  const body = operation.request.body.content['application/json'].schema
  const params: z.ZodType | undefined =
    'params' in operation.request ? operation.request.params : undefined
  return [
    ...limitsOf(body, makeId).map((limit) => ({ operation, part: 'body' as const, limit })),
    ...(params
      ? limitsOf(params, makeId).map((limit) => ({ operation, part: 'params' as const, limit }))
      : []),
  ].flatMap(({ operation, part, limit }) =>
    boundarySizes(limit).map(({ size, isValid }) => ({
      name: `${operation.operationId} /${part}${limit.pointer} with ${size} ${limit.kind === 'items' ? 'items' : 'characters'}`,
      operation,
      part,
      limit,
      size,
      isValid,
    })),
  )
})

describe('limits', () => {
  it('covers every bound of the three operations', () => {
    const bounds = new Set(
      cases.map((c) => `${c.operation.operationId} ${c.part}${c.limit.pointer}`),
    )
    expect([...bounds].sort()).toEqual(
      [
        'createWorker body/name',
        'updateLlmProvider body/apiKey',
        'updateLlmProvider body/customConfigText',
        'updateLlmProvider body/memberIds',
        'updateLlmProvider body/memberIds/0',
        'updateLlmProvider body/modelIds',
        'updateLlmProvider body/modelIds/0',
        'updateLlmProvider body/providerId',
        'updateLlmProvider body/teamIds',
        'updateLlmProvider body/teamIds/0',
        'updateLlmProvider params/llmProviderId',
        'updateLlmProvider params/orgId',
        'updateWorker body/name',
        'updateWorker params/id',
      ].sort(),
    )
  })

  it.each(cases.filter((c) => c.isValid))(
    'accepts $name',
    async ({ operation, part, limit, size }) => {
      const res = await sendAtSize({ operation, part, limit, size })
      // A well-formed id that names nothing is a 404, never a 400.
      if (part === 'params') expect(res.status, res.text).toBe(404)
      else expect(res.status, res.text).toBeGreaterThanOrEqual(200)
      expect(res.status, res.text).toBeLessThan(part === 'params' ? 405 : 300)
    },
  )

  it.each(cases.filter((c) => !c.isValid))(
    'rejects $name with a pointer to it',
    async ({ operation, part, limit, size }) => {
      const res = await sendAtSize({ operation, part, limit, size })
      expect.soft(res.status, res.text).toBe(400)
      expect.soft(res.contentType).toBe('application/problem+json')
      expect.soft(pointersOf(res.body)).toEqual([`/${part}${limit.pointer}`])
    },
  )
})
