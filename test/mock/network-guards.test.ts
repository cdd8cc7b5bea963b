import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock/server.js'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})
const start = async (options: MockServerOptions = {}) => {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
  servers.push(server)
  return server
}

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One request with exactly this Host header (fetch would write its own). Bounded by a timeout. */
const withHost = (server: MockServer, host: string, method: string, path: string, body?: string) =>
  new Promise<Raw>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: {
          host,
          'content-type': 'application/json',
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 5_000,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end(body)
  })

const CREATE = JSON.stringify({ name: 'w', destination: 'local' })

describe('network guards', () => {
  it.each([
    ['GET', '/openapi.json'],
    ['GET', '/__mock/state'],
    ['GET', '/__mock/requests'],
    ['POST', '/v1/workers'],
  ])(
    'refuses %s %s for a foreign Host (DNS rebinding) with a 403 problem',
    async (method, path) => {
      const server = await start()
      const res = await withHost(
        server,
        'rebind.evil.example:4010',
        method,
        path,
        method === 'POST' ? CREATE : undefined,
      )
      expect.soft(res.status).toBe(403)
      expect.soft(res.headers['content-type']).toBe('application/problem+json')
      expect.soft(JSON.parse(res.body)).toMatchObject({ errors: [{ pointer: '/headers/host' }] })
      expect.soft(res.body).not.toContain('"servers"')
    },
  )

  it.each([
    'localhost:PORT',
    '127.0.0.1:PORT',
    '[::1]:PORT',
    'app.localhost:PORT',
    '192.168.1.20:PORT',
    'LOCALHOST',
  ])('answers Host %s', async (host) => {
    const server = await start()
    const res = await withHost(
      server,
      host.replace('PORT', String(server.port)),
      'GET',
      '/openapi.json',
    )
    expect(res.status).toBe(200)
  })

  it('names only an allowed host as its server in /openapi.json', async () => {
    const server = await start()
    const res = await withHost(server, `localhost:${server.port}`, 'GET', '/openapi.json')
    expect(JSON.parse(res.body).servers[0].variables.baseUrl.default).toBe(
      `http://localhost:${server.port}`,
    )
  })

  it('answers names given with allowedHosts, a leading dot meaning subdomains too', async () => {
    const server = await start({ allowedHosts: ['mock.dev.test', '.preview.test'] })
    for (const host of [
      'mock.dev.test',
      'MOCK.DEV.TEST:80',
      'preview.test',
      'pr-12.preview.test',
    ]) {
      expect.soft((await withHost(server, host, 'GET', '/openapi.json')).status, host).toBe(200)
    }
    for (const host of ['dev.test', 'mock.dev.test.evil.example', 'evilpreview.test']) {
      expect.soft((await withHost(server, host, 'GET', '/openapi.json')).status, host).toBe(403)
    }
  })

  it('answers the host name it listens on', async () => {
    const server = await start({ host: 'localhost' })
    const res = await withHost(server, `localhost:${server.port}`, 'GET', '/')
    expect(res.status).toBe(200)
  })

  it('answers every oversized upload from fetch with the 413, never a network error', async () => {
    const server = await start()
    const outcomes = new Map<string, number>()
    for (let i = 0; i < 24; i++) {
      const body = JSON.stringify({
        name: 'x'.repeat(i % 2 ? 1_100_000 : 4_000_000),
        destination: 'local',
      })
      const outcome = await fetch(`${server.url}/v1/workers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (res) => {
          await res.arrayBuffer()
          return String(res.status)
        },
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      )
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
    expect(Object.fromEntries(outcomes)).toEqual({ 413: 24 })
  })

  it('reads the 413 to a slow uploader, and keeps the connection for its next request', async () => {
    const server = await start()
    // 1.2 MB in 40 chunks, 25 ms apart: about a second of sending after the 413 has left.
    const chunk = 'x'.repeat(30_000)
    const size = chunk.length * 40
    const { Agent } = await import('node:http')
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    const send = (
      headers: Record<string, string | number>,
      write: (req: ReturnType<typeof request>) => Promise<void>,
    ) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/v1/workers',
            agent,
            headers,
            timeout: 10_000,
          },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
          },
        )
        req.on('socket', (socket) => sockets.add(socket))
        req.on('timeout', () => req.destroy(new Error('timed out')))
        req.on('error', reject)
        void write(req)
      })
    const slow = await send(
      { 'content-type': 'application/json', 'content-length': size },
      async (req) => {
        for (let i = 0; i < 40; i++) {
          req.write(chunk)
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
        req.end()
      },
    )
    const next = await send(
      { 'content-type': 'application/json', 'content-length': Buffer.byteLength(CREATE) },
      async (req) => {
        req.end(CREATE)
      },
    )
    agent.destroy()
    expect.soft(slow).toBe(413)
    expect.soft(next).toBe(201)
    expect.soft(sockets.size).toBe(1)
  })
})
