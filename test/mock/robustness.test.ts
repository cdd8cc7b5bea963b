import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { LlmProviderEnvelope } from '../../src/schemas/llm-provider.js'
import { Problem } from '../../src/schemas/problem.js'
import { CreateWorkerResponse, WorkerEnvelope } from '../../src/schemas/worker.js'
import { providerPath } from '../helpers/requests.js'

const SEED = 20_261_121
const RUNS = 600

const SUCCESS_SCHEMA = {
  POST: CreateWorkerResponse,
  worker: WorkerEnvelope,
  provider: LlmProviderEnvelope,
}

describe('robustness', () => {
  it(`never answers 5xx to ${RUNS} hostile requests (seed ${SEED}) and keeps working`, async () => {
    const app = createMockApp()
    const paths = [
      '/v1/workers',
      '/v1/workers/wrk_01h2xcejqtf2nbrexx3vqjhp41',
      providerPath(app),
      `/v1/orgs/${app.ids.orgId}/llm-providers/%00`,
      '/v1/workers/..%2F..%2F',
      '/v1/workers/%F0%9F%92%A5',
      '/v1//workers',
    ]
    const body = fc.oneof(
      fc.json(),
      fc.string(),
      fc
        .jsonValue()
        .map((v) => JSON.stringify({ name: v, destination: v, source: v, modelIds: v })),
      fc
        .record(
          {
            name: fc.string({ maxLength: 300 }),
            destination: fc.constantFrom('local', 'cloud', 'LOCAL', ''),
            source: fc.constantFrom('models_dev', 'custom', 'other'),
            modelIds: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
            memberIds: fc.array(fc.string(), { maxLength: 3 }),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    )
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'),
      path: fc.constantFrom(...paths),
      contentType: fc.option(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/merge-patch+json',
          'multipart/form-data',
          '',
        ),
        { nil: undefined },
      ),
      body: fc.option(body, { nil: undefined }),
    })
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, contentType, body }) => {
        const canHaveBody = method !== 'GET' && method !== 'HEAD'
        const res = await app.request(path, {
          method,
          headers: contentType === undefined ? {} : { 'content-type': contentType },
          ...(canHaveBody && body !== undefined ? { body } : {}),
        })
        const text = await res.text()
        expect(res.status, `${method} ${path} → ${text.slice(0, 300)}`).toBeLessThan(500)
        if (res.status >= 400 && method !== 'HEAD') {
          expect(res.headers.get('content-type')).toBe('application/problem+json')
          expect(Problem.safeParse(JSON.parse(text)).success).toBe(true)
        }
        if (res.status < 300 && path.startsWith('/v1') && method !== 'OPTIONS') {
          const schema =
            method === 'POST'
              ? SUCCESS_SCHEMA.POST
              : path.includes('llm-providers')
                ? SUCCESS_SCHEMA.provider
                : SUCCESS_SCHEMA.worker
          expect(schema.safeParse(JSON.parse(text)).success).toBe(true)
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    const after = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'still here', destination: 'local' }),
    })
    expect(after.status).toBe(201)
  })
})
