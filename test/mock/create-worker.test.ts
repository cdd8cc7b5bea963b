import { describe, expect, it } from 'vitest'
import { createMockApp, MAX_BODY_BYTES } from '../../src/mock/app.js'
import { Problem } from '../../src/schemas/problem.js'
import { CreateWorkerResponse, MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { FIXED_NOW, fixedClock, pointersOf, send } from '../helpers/send.js'

const create = (body: unknown, headers?: Record<string, string>) =>
  send(createMockApp({ clock: fixedClock }), 'POST', '/v1/workers', body, headers)

describe('createWorker', () => {
  it.each(['local', 'cloud'] as const)(
    'creates a %s worker that parses with the spec and the mock schemas',
    async (destination) => {
      const res = await create({ name: 'build box', destination })
      expect(res.status).toBe(201)
      expect(res.contentType).toMatch(/^application\/json/)
      expect(CreateWorkerResponse.safeParse(res.body).error).toBeUndefined()
      const body = MockCreateWorkerResponse.parse(res.body)
      expect.soft(body.worker.name).toBe('build box')
      expect.soft(body.worker.destination).toBe(destination)
      expect.soft(body.worker.isMine).toBe(true)
      expect.soft(body.worker.createdAt).toBe(new Date(FIXED_NOW).toISOString())
      expect.soft(body.worker.updatedAt).toBe(body.worker.createdAt)
      expect.soft(body.instance.createdAt).toBe(body.worker.createdAt)
    },
  )

  it('gives a local worker a local instance and a cloud worker a cloud instance', async () => {
    const local = MockCreateWorkerResponse.parse(
      (await create({ name: 'l', destination: 'local' })).body,
    )
    const cloud = MockCreateWorkerResponse.parse(
      (await create({ name: 'c', destination: 'cloud' })).body,
    )
    expect.soft(local.instance.provider).toBe('local')
    expect.soft(local.instance.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect.soft(local.launch.mode).toBe('cli')
    expect.soft(local.worker.status).toBe('pending')
    expect.soft(cloud.instance.provider).not.toBe('local')
    expect.soft(cloud.instance.url).toMatch(/^https:\/\//)
    expect.soft(cloud.launch.mode).toBe('managed')
    expect.soft(cloud.worker.status).toBe('provisioning')
  })

  it('echoes every optional field it was given', async () => {
    const sent = {
      name: 'ünïcode wörker 🚀',
      destination: 'local',
      description: 'runs the nightly jobs',
      workspacePath: '/srv/jobs',
      sandboxBackend: 'docker',
      imageVersion: '2.4.1',
    } as const
    const { worker } = MockCreateWorkerResponse.parse((await create(sent)).body)
    expect(worker).toMatchObject(sent)
  })

  it('fills omitted optional fields with generated values', async () => {
    const { worker } = MockCreateWorkerResponse.parse(
      (await create({ name: 'a', destination: 'cloud' })).body,
    )
    expect.soft(worker.description.length).toBeGreaterThan(0)
    expect.soft(worker.imageVersion).toMatch(/^\d+\.\d+\.\d+$/)
    expect.soft(worker.workspacePath).toMatch(/^\//)
    expect.soft(worker.sandboxBackend.length).toBeGreaterThan(0)
  })

  it('issues three distinct opaque tokens', async () => {
    const { tokens } = MockCreateWorkerResponse.parse(
      (await create({ name: 'a', destination: 'local' })).body,
    )
    expect(new Set([tokens.owner, tokens.host, tokens.client]).size).toBe(3)
    for (const token of Object.values(tokens)) expect(token).toMatch(/^wk[ohc]_[A-Za-z0-9_-]{32}$/)
  })

  it('ignores fields the API does not define', async () => {
    const res = await create({ name: 'a', destination: 'local', color: 'zz-unknown-field-zz' })
    expect(res.status).toBe(201)
    expect(JSON.stringify(res.body)).not.toContain('zz-unknown-field-zz')
  })

  it('lists every broken field of one request', async () => {
    const res = await create({ description: 7, destination: 'moon' })
    expect(res.status).toBe(400)
    expect(
      Problem.parse(res.body)
        .errors?.map((e) => e.pointer)
        .sort(),
    ).toEqual(['/body/description', '/body/destination', '/body/name'])
  })

  it.each([
    ['a JSON array', []],
    ['a JSON string', '"worker"'],
    ['null', 'null'],
  ])('rejects %s as the body with a pointer to /body', async (_, body) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(pointersOf(res.body)).toEqual(['/body'])
  })

  it('rejects malformed JSON with a 400 problem', async () => {
    const res = await create('{"name": "a",')
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(Problem.parse(res.body).type).toBe('urn:worker-api-kit:problem:malformed-json')
  })

  it('rejects an empty JSON body as malformed, with a pointer to /body', async () => {
    const res = await send(createMockApp(), 'POST', '/v1/workers')
    expect(res.status).toBe(400)
    expect(pointersOf(res.body)).toEqual(['/body'])
  })

  it('rejects an empty object, naming both required fields', async () => {
    const res = await create({})
    expect(res.status).toBe(400)
    expect(pointersOf(res.body).sort()).toEqual(['/body/destination', '/body/name'])
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'rejects a %s body with 415',
    async (contentType) => {
      const res = await create('name=a', { 'content-type': contentType })
      expect.soft(res.status).toBe(415)
      expect.soft(res.contentType).toBe('application/problem+json')
      expect.soft(pointersOf(res.body)).toEqual(['/headers/content-type'])
    },
  )

  it('accepts a JSON content type with a charset parameter', async () => {
    const res = await create(
      { name: 'a', destination: 'local' },
      { 'content-type': 'application/json; charset=utf-8' },
    )
    expect(res.status).toBe(201)
  })

  it('rejects a body over the size limit with 413', async () => {
    const res = await create({ name: 'x'.repeat(MAX_BODY_BYTES), destination: 'local' })
    expect.soft(res.status).toBe(413)
    expect.soft(Problem.parse(res.body).status).toBe(413)
  })

  it('stores the worker so that it can be renamed', async () => {
    const app = createMockApp()
    const created = MockCreateWorkerResponse.parse(
      (await send(app, 'POST', '/v1/workers', { name: 'a', destination: 'local' })).body,
    )
    const renamed = await send(app, 'PATCH', `/v1/workers/${created.worker.id}`, { name: 'b' })
    expect(renamed.status).toBe(200)
  })
})

describe('createWorker with broken or lying bodies', () => {
  it('answers a 400 problem, never a 500, when the body stream breaks mid-way', async () => {
    const app = createMockApp()
    const res = await app.request(
      new Request('http://mock.test/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"name":"a"'))
            controller.error(new Error('the client went away'))
          },
        }),
      } as RequestInit), // duplex is not in the DOM RequestInit type of this TS lib, but undici needs it
    )
    expect.soft(res.status).toBe(400)
    expect.soft(res.headers.get('content-type')).toBe('application/problem+json')
    expect.soft((await createMockApp().request('/__mock/health')).status).toBe(200)
  })

  it('counts the bytes of an in-process body instead of trusting its Content-Length', async () => {
    const res = await send(
      createMockApp(),
      'POST',
      '/v1/workers',
      { name: 'x'.repeat(MAX_BODY_BYTES), destination: 'local' },
      { 'content-length': '10' },
    )
    expect(res.status).toBe(413)
  })
})
