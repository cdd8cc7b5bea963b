import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { send } from '../helpers/send.js'

// One grammar (src/common/media-type.ts) decides which bodies the mock reads as JSON: any
// application/json or application/…+json type with well-formed parameters; anything else is a 415.
const create = (contentType: string) =>
  createMockApp().request('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ name: 'typed', destination: 'local' }),
  })

describe('the content types of a request body', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json ; charset=utf-8',
    'application/json;',
    'application/merge-patch+json',
    'application/vnd.worker.v2+json',
  ])('reads a body sent as %j', async (contentType) => {
    expect((await create(contentType)).status).toBe(201)
  })

  it.each([
    'text/plain',
    'text/json',
    'application/jsonp',
    'application/json-seq',
    'application/json; charset',
  ])('refuses a body sent as %j with a 415 naming the header', async (contentType) => {
    const res = await create(contentType)
    expect(res.status).toBe(415)
    const body = (await res.json()) as { errors: unknown }
    expect(body.errors).toEqual([
      { pointer: '/headers/content-type', message: 'Expected application/json' },
    ])
  })

  it('lists the body errors beside a bad path id only when the body is JSON', async () => {
    const app = createMockApp()
    const pointers = (errors: { pointer: string }[]) => [...new Set(errors.map((e) => e.pointer))]
    const json = await send(app, 'PATCH', '/v1/workers/not-an-id', { name: '' })
    expect(json.status).toBe(400)
    expect(pointers((json.body as { errors: { pointer: string }[] }).errors)).toEqual([
      '/params/id',
      '/body/name',
    ])
    const jsonp = await app.request('/v1/workers/not-an-id', {
      method: 'PATCH',
      headers: { 'content-type': 'application/jsonp' },
      body: JSON.stringify({ name: '' }),
    })
    expect(jsonp.status).toBe(400)
    const jsonpBody = (await jsonp.json()) as { errors: { pointer: string }[] }
    expect(pointers(jsonpBody.errors)).toEqual(['/params/id'])
  })
})
