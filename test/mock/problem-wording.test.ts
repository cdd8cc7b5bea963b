import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { registerDashboard } from '../../src/server/dashboard/routes.js'
import { send } from '../helpers/send.js'

const KNOWN = 'auth-required, cloud-provisioning, default, empty, flaky, rate-limited, slow'
const known = (names: string) => names.split(', ').sort().join(', ')

// The answers whose wording moved into the PROBLEMS catalogue, byte for byte as they were.
describe('problem wording', () => {
  it('answers a bad admin query with the admin wording', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/state?limit=x')
    expect(res.text).toBe(
      '{"type":"urn:worker-api-kit:problem:validation","title":"Request validation failed","status":400,"detail":"Invalid admin request at /query/limit.","instance":"/__mock/state","errors":[{"pointer":"/query/limit","message":"a whole number from 1 to 1000"}]}',
    )
  })

  it('answers an unknown scenario name on PUT /__mock/scenario with the known names', async () => {
    const res = await send(createMockApp(), 'PUT', '/__mock/scenario', { name: 'nope' })
    const body = res.body as { detail: string }
    expect.soft(res.status).toBe(404)
    expect.soft(body.detail.startsWith('No scenario named nope; known: ')).toBe(true)
    expect.soft(known(body.detail.slice(31, -1))).toBe(KNOWN)
    expect
      .soft(res.text.replace(body.detail, ''))
      .toBe(
        '{"type":"urn:worker-api-kit:problem:not-found","title":"Not found","status":404,"detail":"","instance":"/__mock/scenario","errors":[{"pointer":"/body/name","message":"No such scenario"}]}',
      )
  })

  it('answers a bad x-mock-session header naming it', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/state', undefined, {
      'x-mock-session': 'a b',
    })
    expect(res.text).toBe(
      '{"type":"urn:worker-api-kit:problem:validation","title":"Request validation failed","status":400,"detail":"The x-mock-session header is invalid.","instance":"/__mock/state","errors":[{"pointer":"/headers/x-mock-session","message":"1 to 128 letters, digits or . _ : -"}]}',
    )
  })

  it('answers an unknown x-mock-scenario header with the known names', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/state', undefined, {
      'x-mock-scenario': 'nope',
    })
    const body = res.body as { detail: string; errors: { pointer: string; message: string }[] }
    expect.soft(body.detail).toBe('The x-mock-scenario header is invalid.')
    expect.soft(body.errors[0]?.pointer).toBe('/headers/x-mock-scenario')
    const message = body.errors[0]?.message ?? ''
    expect.soft(message.startsWith('unknown scenario; known: ')).toBe(true)
    expect.soft(known(message.slice(25))).toBe(KNOWN)
  })

  it('answers the dashboard files it lacks, or does not serve, with their wording', async () => {
    const app = new Hono()
    registerDashboard(app, () => undefined)
    const missing = await app.request('/__mock/')
    expect
      .soft(await missing.text())
      .toBe(
        '{"type":"urn:worker-api-kit:problem:not-found","title":"Not found","status":404,"detail":"The dashboard\'s files are not in this copy of the kit; build it (npm run build) or reinstall the package. The admin API works without them.","instance":"/__mock/"}',
      )
    const unknown = await app.request('/__mock/dashboard/nope.js')
    expect
      .soft(await unknown.text())
      .toBe(
        '{"type":"urn:worker-api-kit:problem:not-found","title":"Not found","status":404,"detail":"The dashboard serves a fixed list of files.","instance":"/__mock/dashboard/nope.js"}',
      )
  })
  it("answers a route's own problems in the catalogue's order, instance before errors (as the fixtures)", async () => {
    const invalid = await send(createMockApp(), 'POST', '/v1/workers', { destination: 'local' })
    expect
      .soft(invalid.text)
      .toBe(
        '{"type":"urn:worker-api-kit:problem:validation","title":"Request validation failed","status":400,"detail":"The request breaks the API\'s constraints at /body/name.","instance":"/v1/workers","errors":[{"pointer":"/body/name","message":"Invalid input: expected string, received undefined"}]}',
      )
    const id = 'wrk_01kdz0nqe0e5t8h5fptn1s6sh7'
    const missing = await send(createMockApp(), 'PATCH', `/v1/workers/${id}`, { name: 'x' })
    expect
      .soft(missing.text)
      .toBe(
        `{"type":"urn:worker-api-kit:problem:not-found","title":"Not found","status":404,"detail":"No worker with id ${id}.","instance":"/v1/workers/${id}","errors":[{"pointer":"/params/id","message":"No worker with this id"}]}`,
      )
    expect.soft(missing.contentType).toBe('application/problem+json')
  })
})
