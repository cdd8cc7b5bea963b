// The MSW handlers claim exactly what the mock answers itself: the declared operations by method
// and path, and the admin routes. Anything else (a list, a login, a trailing slash MSW's own
// matcher would take) goes to the network, here a backend started on 127.0.0.1.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMswHandlers } from '../src/msw/handlers.js'

let backend: Server
let base: string
const backendSaw: string[] = []
const msw = setupServer()

beforeAll(async () => {
  backend = createServer((req, res) => {
    backendSaw.push(`${req.method} ${req.url}`)
    res.writeHead(418, { 'content-type': 'text/plain' }).end('the backend')
  })
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`
  msw.use(...createMswHandlers({ baseUrl: base }).handlers)
  msw.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  msw.close()
  await new Promise((resolve) => backend.close(resolve))
})

const CREATE = { name: 'w', destination: 'local' }

it('answers the declared operations and the admin routes itself', async () => {
  const created = await fetch(`${base}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREATE),
  })
  expect(created.status).toBe(201)
  expect((await fetch(`${base}/__mock/health`)).status).toBe(200)
  expect(backendSaw).toEqual([])
})

it.each([
  ['GET', '/v1/workers'],
  ['POST', '/v1/workers/'],
  ['PATCH', '/v1/workers/wrk_01h455vb4pex5vsknk084sn02q/'],
  ['DELETE', '/v1/workers/wrk_01h455vb4pex5vsknk084sn02q'],
  ['POST', '/auth/login'],
  ['GET', '/v2/workers'],
])('leaves %s %s to the network', async (method, path) => {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
  })
  expect.soft(res.status).toBe(418)
  expect.soft(backendSaw.at(-1)).toBe(`${method} ${path}`)
})
