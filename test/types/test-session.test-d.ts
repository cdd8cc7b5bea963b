// The test session's types: what a test reads and seeds is typed, operation ids are a union.
// Checked by `npm run typecheck` and `npm run test:types` (vitest typecheck).
import { describe, expectTypeOf, it } from 'vitest'
import type { OperationId } from '../../src/api/operations.js'
import {
  type SeedState,
  type SessionFetch,
  type TestSession,
  useTestSession,
} from '../../src/mock/test-session.js'
import type { JournalEntry } from '../../src/server/journal.js'

declare const session: TestSession

describe('a test session', () => {
  it('reads a typed state', () => {
    expectTypeOf(session.state).returns.resolves.toHaveProperty('workers')
    type Worker = Awaited<ReturnType<TestSession['state']>>['workers'][number]['worker']
    expectTypeOf<Worker['status']>().toEqualTypeOf<
      'pending' | 'provisioning' | 'starting' | 'running' | 'stopped' | 'failed'
    >()
    expectTypeOf(session.seed).returns.resolves.toEqualTypeOf<
      Awaited<ReturnType<TestSession['state']>>
    >()
  })

  it('filters requests by an operation id of the API, and no other string', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<
      'createWorker' | 'updateWorker' | 'updateLlmProvider'
    >()
    expectTypeOf(session.requests)
      .parameter(0)
      .toEqualTypeOf<{ operation?: OperationId } | undefined>()
    expectTypeOf(session.requests).returns.resolves.toEqualTypeOf<JournalEntry[]>()
    // @ts-expect-error: not an operation of the API
    void session.requests({ operation: 'deleteWorker' })
  })

  it('seeds workers with chosen fields and statuses, and the provider', () => {
    expectTypeOf(session.seed).parameter(0).toEqualTypeOf<SeedState>()
    void session.seed({
      workers: [{ name: 'gpu', destination: 'cloud', status: 'stopped' }],
      llmProvider: { source: 'custom', hasApiKey: true },
    })
    // @ts-expect-error: not a status of a worker
    void session.seed({ workers: [{ status: 'exploded' }] })
    // @ts-expect-error: a seed never carries the key itself
    void session.seed({ llmProvider: { apiKey: 'sk-secret' } })
  })

  it('has the signature of fetch', () => {
    expectTypeOf(session.fetch).toEqualTypeOf<SessionFetch>()
    expectTypeOf<typeof fetch>().parameters.toMatchTypeOf<Parameters<SessionFetch>>()
  })

  it("takes vitest's beforeEach", async () => {
    const { beforeEach } = await import('vitest')
    expectTypeOf(useTestSession).toBeCallableWith('http://127.0.0.1:4010', { beforeEach })
    const nodeTest = await import('node:test')
    expectTypeOf(useTestSession).toBeCallableWith('http://127.0.0.1:4010', {
      beforeEach: nodeTest.beforeEach,
    })
  })
})
