// `Prefer: code=NNN` (Prism's convention): the declared answer of that status for one request.
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../src/api/document.js'
import { createMockApp } from '../../src/mock/app.js'
import { inSession } from '../helpers/mock-state.js'
import { send } from '../helpers/send.js'

const CREATE = { name: 'w', destination: 'local' }

const JournalEntries = (body: unknown) =>
  (body as { entries: { status: number; rules: unknown[] }[] }).entries

describe('Prefer: code', () => {
  it('answers a declared error status with its problem, for that one request', async () => {
    const app = createMockApp()
    const asked = await send(app, 'POST', '/v1/workers', CREATE, { prefer: 'code=429' })
    expect.soft(asked.status).toBe(429)
    expect.soft(asked.contentType).toBe('application/problem+json')
    expect.soft(asked.headers.get('retry-after')).toBe('1')
    expect.soft(asked.body).toMatchObject({
      status: 429,
      type: 'urn:worker-api-kit:problem:rate-limited',
      instance: '/v1/workers',
    })
    expect.soft((await send(app, 'POST', '/v1/workers', CREATE)).status).toBe(201)
  })

  it('answers a 404 on an operation that declares one, whatever the id', async () => {
    const app = createMockApp()
    const { orgId, llmProviderId } = app.ids
    const res = await send(
      app,
      'PATCH',
      `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`,
      { modelIds: ['m'] },
      { prefer: 'respond-async, code=404' },
    )
    expect.soft(res.status).toBe(404)
    expect.soft(res.body).toMatchObject({ type: 'urn:worker-api-kit:problem:not-found' })
  })

  it('answers a declared 2xx with the operation itself, past the scenario rules', async () => {
    const app = createMockApp({ scenario: 'flaky' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await send(
            app,
            'POST',
            '/v1/workers',
            { name: `w${i}`, destination: 'local' },
            {
              prefer: 'code=201',
            },
          )
        ).status,
      )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201])
  })

  it('refuses a code the operation does not declare, listing the declared ones', async () => {
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', CREATE, { prefer: 'code=404' })
    expect.soft(res.status).toBe(400)
    expect.soft(res.body).toMatchObject({
      errors: [
        {
          pointer: '/headers/prefer',
          message: expect.stringContaining('declared: 201, 400, 401, 413, 415, 429'),
        },
      ],
    })
    const malformed = await send(app, 'POST', '/v1/workers', CREATE, { prefer: 'code=abc' })
    expect.soft(malformed.status).toBe(400)
  })

  it('never applies to the admin API', async () => {
    const app = createMockApp()
    const res = await send(app, 'GET', '/__mock/state', undefined, { prefer: 'code=500' })
    expect(res.status).toBe(200)
  })

  it('says in the journal that the header shaped the answer', async () => {
    const app = createMockApp()
    const headers = inSession('prefer')
    await send(app, 'POST', '/v1/workers', CREATE, { ...headers, prefer: 'code=415' })
    const journal = await send(app, 'GET', '/__mock/requests', undefined, headers)
    expect(JournalEntries(journal.body)).toMatchObject([
      {
        status: 415,
        rules: [{ index: -1, id: null, description: 'Prefer header', effect: 'prefer code=415' }],
      },
    ])
  })

  it('is declared on every operation of the document', () => {
    const doc = buildOpenApiDocument()
    const operations = Object.values(doc.paths ?? {}).flatMap((item) =>
      [item.post, item.patch].filter((op) => op !== undefined),
    )
    expect(operations).toHaveLength(3)
    for (const operation of operations)
      expect
        .soft(operation.parameters)
        .toContainEqual(expect.objectContaining({ name: 'Prefer', in: 'header', required: false }))
  })
})
