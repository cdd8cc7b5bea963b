import { Agent, createServer, request as httpRequest, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { sendThenRead } from '../helpers/send-then-read.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const CONCURRENT = 30
/** Each body: under the proxy's 8 MiB per request, 30 of them three times its bytes in flight. */
const BODY_BYTES = 6_400_000
/** How long the target sits on each request: the first ones hold the budget while the rest come. */
const TARGET_DELAY_MS = 300
const REQUEST_WAIT_MS = 8_000
/** A worker's create whose description makes it BODY_BYTES long. */
const BODY = Buffer.from(
  JSON.stringify({ name: 'big', destination: 'local', description: 'd'.repeat(BODY_BYTES - 60) }),
)

/** A target on a free port that reads each body whole and answers 201 after a while. */
const startTarget = async () => {
  const server = createServer((req, res: ServerResponse) => {
    req.resume()
    req.on('end', () =>
      setTimeout(() => {
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end('{"worker":{"id":"wrk_01kdvdna00f0a8mxqmx9j4dqzk"}}')
      }, TARGET_DELAY_MS),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  })
  // Listening on TCP: an AddressInfo (a test may cast).
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** What a client met: the answer's status and text, and the error its connection ended with, if any. */
type Outcome = { status: number | undefined; text: string; error: string | undefined }

/**
 * POSTs `body` with its Content-Length through `agent` (false: a connection of its own, closed
 * after); resolves once the connection has closed, or the body is sent and the answer read, with
 * the answer and the error (a reset, a broken pipe) it met, if any.
 */
const upload = (url: string, body: Buffer, agent: Agent | false) =>
  new Promise<Outcome>((resolve) => {
    const outcome: Outcome = { status: undefined, text: '', error: undefined }
    const req = httpRequest(`${url}/v1/workers`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
      timeout: REQUEST_WAIT_MS,
    })
    req.on('response', (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        outcome.text += chunk
      })
      res.on('end', () => {
        outcome.status = res.statusCode
        if (req.writableFinished) resolve(outcome)
      })
    })
    req.on('timeout', () => req.destroy(new Error('no answer in time')))
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message
    })
    req.on('close', () => resolve(outcome))
    req.on('finish', () => {
      if (outcome.status !== undefined) resolve(outcome)
    })
    req.end(body)
  })

const startProxy = async () => {
  const proxy = await startProxyServer({ target: await startTarget(), port: 0, host: '127.0.0.1' })
  servers.push(proxy)
  return proxy
}

describe('refusals the proxy answers before reading the body', () => {
  it.each([
    ['each on a connection it closes after (Connection: close)', () => false as const],
    ['on kept-alive connections', () => new Agent({ keepAlive: true })],
  ])(
    'lets every one of 30 concurrent 6.4 MB uploads read its answer, a 201 or the 503 proxy-busy, none a reset: %s',
    async (_, agentOf) => {
      const proxy = await startProxy()
      const agent = agentOf()

      const outcomes = await Promise.all(
        Array.from({ length: CONCURRENT }, () => upload(proxy.url, BODY, agent)),
      )
      if (agent) agent.destroy()

      expect
        .soft(outcomes.filter((o) => o.error !== undefined || o.status === undefined))
        .toEqual([])
      const statuses = outcomes.map((o) => o.status)
      expect.soft(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([])
      const busy = outcomes.filter((o) => o.status === 503)
      expect.soft(busy.length).toBeGreaterThan(0)
      for (const o of busy) expect.soft(o.text).toContain('proxy-busy')
    },
  )

  it.each([
    ['of 12 MiB, over the 8 MiB a proxied body may have', 12 * 1024 * 1024, false],
    ['of 80 MiB, over the 64 MiB the proxy holds in flight', 80 * 1024 * 1024, false],
    ['of 12 MiB, chunked', 12 * 1024 * 1024, true],
  ])(
    'lets a client that reads once it has sent a body %s read its 413, no reset',
    async (_, bytes, chunked) => {
      const proxy = await startProxy()

      const outcome = await sendThenRead(proxy.url, bytes, { chunked })

      expect.soft(outcome.error).toBeUndefined()
      expect.soft(outcome.text).toMatch(/^HTTP\/1\.1 413 /)
      expect.soft(outcome.text).toMatch(/\r\nconnection: close\r\n/i)
      expect.soft(outcome.text).toContain('payload-too-large')
    },
  )
})
