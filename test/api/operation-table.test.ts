import { describe, expect, it } from 'vitest'
import { matchOperation } from '../../src/api/match-operation.js'
import { OPERATION_TABLE, operationEntry } from '../../src/api/operation-table.js'
import { operations } from '../../src/api/operations.js'

describe('the operation table', () => {
  it('has one entry per operation, in their order, read from the routes', () => {
    expect(OPERATION_TABLE.map((e) => e.operationId)).toEqual(operations.map((o) => o.operationId))
    expect(OPERATION_TABLE.map((e) => [e.method, e.routingPath, e.success.status])).toEqual([
      ['POST', '/v1/workers', 201],
      ['PATCH', '/v1/workers/:id', 200],
      ['PATCH', '/v1/orgs/:orgId/llm-providers/:llmProviderId', 200],
    ])
    expect(operationEntry('updateLlmProvider').paramNames).toEqual(['orgId', 'llmProviderId'])
    expect(operationEntry('createWorker').paramsSchema).toBeUndefined()
  })

  it('builds each path it matches, with every parameter encoded and decoded back', () => {
    for (const entry of OPERATION_TABLE) {
      const params = Object.fromEntries(entry.paramNames.map((name) => [name, `${name} a/b%`]))
      const path = entry.pathFor(params)
      expect(path).not.toContain(' ')
      expect(entry.pattern.test(path)).toBe(true)
      const matched = matchOperation(entry.method, path)
      expect(matched?.entry).toBe(entry)
      expect(matched).toEqual({ operationId: entry.operationId, entry, params })
    }
  })
})
