import { readFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { MAX_IN_FLIGHT_BYTES } from '../../src/proxy/in-flight-budget.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { spawnCli } from '../helpers/spawn-cli.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const CONCURRENT = 30
/** Each body: under the proxy's 8 MiB per request, 30 of them three times its total. */
const BODY_BYTES = 6_400_000
/** How long the slow target sits on each request before it answers. */
const TARGET_DELAY_MS = 1_500
const REQUEST_WAIT_MS = 30_000
/** The proxy's peak memory; without a total bound, 30 such bodies took 1.46 GB. */
const MAX_PEAK_RSS_KB = 700 * 1024

/** An upstream on a free port; `answer` gets each request once its body has come in whole. */
const startUpstream = async (answer: (res: import('node:http').ServerResponse) => void) => {
  const stats = { inFlight: 0, maxInFlight: 0 }
  const server: Server = createServer((req, res) => {
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      stats.inFlight += chunk.byteLength
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    })
    req.on('end', () => {
      const done = () => {
        stats.inFlight -= size
        size = 0
      }
      res.on('close', done)
      answer(res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  })
  return { url, stats }
}

const CREATED = JSON.stringify({ worker: { id: 'wrk_01kdvdna00f0a8mxqmx9j4dqzk' } })
const answerCreated = (res: import('node:http').ServerResponse) => {
  res.writeHead(201, { 'content-type': 'application/json' })
  res.end(CREATED)
}

/** POSTs `body` with a Content-Length; resolves with the status and `Retry-After`. */
const post = (
  url: string,
  body: Buffer,
  send: (req: import('node:http').ClientRequest) => void = (req) => req.end(body),
) =>
  new Promise<{ status: number; retryAfter: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${url}/v1/workers`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
          timeout: REQUEST_WAIT_MS,
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            text += chunk
          })
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers['retry-after'],
              text,
            }),
          )
        },
      )
      req.on('timeout', () => req.destroy(new Error('no answer in time')))
      req.on('error', reject)
      send(req)
    },
  )

/** The process's peak resident memory in kB (Linux's VmHWM). */
const peakRssKb = (pid: number | undefined) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m)?.[1])

describe('the proxy under concurrency', () => {
  it('bounds the bytes in flight over all requests: past the total, a 503 with Retry-After', async () => {
    const upstream = await startUpstream((res) =>
      setTimeout(() => answerCreated(res), TARGET_DELAY_MS),
    )
    const cli = spawnCli([
      'proxy',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--quiet',
      '--target',
      upstream.url,
    ])
    await cli.waitForStdout(/^Press Ctrl\+C to stop\.$/m)
    const url = cli.stdout().match(/^worker-api-kit proxy listening on (http:\/\/\S+)$/m)?.[1]
    if (!url) throw new Error(`no URL in the banner:\n${cli.stdout()}`)
    const description = 'd'.repeat(BODY_BYTES - 60)
    const body = Buffer.from(JSON.stringify({ name: 'big', destination: 'local', description }))

    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => post(url, body)))

    const statuses = answers.map((a) => a.status)
    const busy = answers.filter((a) => a.status === 503)
    expect.soft(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([])
    expect.soft(busy.length).toBeGreaterThan(0)
    expect.soft(busy.every((a) => a.retryAfter === '1')).toBe(true)
    expect.soft(busy[0]?.text).toContain('urn:worker-api-kit:problem:proxy-busy')
    expect.soft(upstream.stats.maxInFlight).toBeLessThanOrEqual(MAX_IN_FLIGHT_BYTES)
    expect.soft(peakRssKb(cli.child.pid)).toBeLessThan(MAX_PEAK_RSS_KB)
  })

  it("never counts the proxy's own delay as the target's: an answer that came while the proxy was busy is read, no `responds`", async () => {
    const upstream = await startUpstream((res) => {
      answerCreated(res)
      // The answer is on its way; then this process (the proxy's too) is busy past --timeout.
      const until = performance.now() + 600
      while (performance.now() < until);
    })
    const proxy = await startProxyServer({ target: upstream.url, port: 0, timeoutMs: 200 })
    servers.push(proxy)

    const answer = await post(proxy.url, Buffer.from('{"name":"n","destination":"local"}'))

    expect.soft(answer.status).toBe(201)
    const checks = proxy.app.journal.list().flatMap((e) => e.violations?.map((v) => v.check) ?? [])
    expect.soft(checks).not.toContain('responds')
  })

  it('never counts a slow upload against the target: the time starts as the request is handed over', async () => {
    const upstream = await startUpstream(answerCreated)
    const proxy = await startProxyServer({ target: upstream.url, port: 0, timeoutMs: 200 })
    servers.push(proxy)
    const body = Buffer.from('{"name":"n","destination":"local"}')

    const answer = await post(proxy.url, body, (req) => {
      req.write(body.subarray(0, 5))
      setTimeout(() => req.end(body.subarray(5)), 600)
    })

    expect.soft(answer.status).toBe(201)
    const checks = proxy.app.journal.list().flatMap((e) => e.violations?.map((v) => v.check) ?? [])
    expect.soft(checks).not.toContain('responds')
  })
})
