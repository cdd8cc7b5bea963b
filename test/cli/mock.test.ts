// The mock command in-process (its flags, banner, log and exit codes); the stop on a signal, with
// the exit code the shell sees, spawns the built bin: `npm test` builds first; alone, run
// `npm run build` before vitest.
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningMock, runCli, startMock, stopRunning } from '../helpers/cli-in-process.js'
import { killSpawned, startMock as startBinMock } from '../helpers/spawn-cli.js'

const SECRET_API_KEY = 'sk-PLANTED-SECRET-4f1c9a2e7b3d'
const SECRET_TOKEN = 'PLANTED-TOKEN-8d2b6e0f5a1c'
const FETCH_TIMEOUT_MS = 5_000

/** `METHOD /path STATUS 1.2ms`, the request log line. */
const REQUEST_LINE = /^([A-Z]+) (\/\S*) (\d{3}) \d+\.\dms$/
const requestLines = (stdout: string) =>
  stdout
    .split('\n')
    .map((line) => line.match(REQUEST_LINE))
    .flatMap((match) => (match ? [`${match[1]} ${match[2]} ${match[3]}`] : []))

const send = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })

const sendJson = (url: string, method: string, body: unknown) =>
  send(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET_TOKEN}` },
    body: JSON.stringify(body),
  })

const llmProviderUrl = ({ url, banner }: RunningMock) =>
  `${url}/v1/orgs/${banner.orgId}/llm-providers/${banner.llmProviderId}`

const stop = async ({ cli }: RunningMock) => {
  cli.signal('SIGTERM')
  return cli.exit()
}

afterEach(() => Promise.all([killSpawned(), stopRunning()]))

describe('worker-api-kit mock', () => {
  it('prints its URL on 127.0.0.1, the docs and openapi URLs, the seed and the starting ids', async () => {
    const { url, port, banner } = await startMock(['--seed', '3'])

    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect.soft(port).toBeGreaterThan(0)
    expect.soft(banner.docs).toBe(`${url}/docs`)
    expect.soft(banner.openapi).toBe(`${url}/openapi.json`)
    expect.soft(banner.seed).toBe('3')
    expect.soft(banner.orgId).toMatch(/^org_[0-9a-z]{26}$/)
    expect.soft(banner.llmProviderId).toMatch(/^lpr_[0-9a-z]{26}$/)
  })

  it('answers POST /v1/workers with 201 and a PATCH of the printed llm provider with 200', async () => {
    const mock = await startMock()

    const created = await sendJson(`${mock.url}/v1/workers`, 'POST', {
      name: 'cli worker',
      destination: 'local',
    })
    const patched = await sendJson(llmProviderUrl(mock), 'PATCH', {
      source: 'custom',
      customConfigText: '{"baseUrl":"http://127.0.0.1:9"}',
      apiKey: SECRET_API_KEY,
    })

    expect.soft(created.status).toBe(201)
    expect.soft(created.headers.get('content-type')).toMatch(/^application\/json/)
    expect.soft(await created.json()).toMatchObject({ worker: { name: 'cli worker' } })
    expect.soft(patched.status).toBe(200)
    expect.soft(await patched.json()).toMatchObject({
      llmProvider: { id: mock.banner.llmProviderId, orgId: mock.banner.orgId, source: 'custom' },
    })
  })

  it('serves /openapi.json as JSON and /docs as HTML', async () => {
    const { url } = await startMock()

    const document = await send(`${url}/openapi.json`)
    const docs = await send(`${url}/docs`)

    expect.soft(document.status).toBe(200)
    expect.soft(await document.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) })
    expect.soft(docs.status).toBe(200)
    expect.soft(docs.headers.get('content-type')).toMatch(/^text\/html/)
    expect.soft(await docs.text()).toContain('/openapi.json')
  })

  it('logs one line per request with method, path and status, and no api key or bearer token', async () => {
    const mock = await startMock()
    const provider = llmProviderUrl(mock)

    await sendJson(`${mock.url}/v1/workers`, 'POST', { name: 'logged', destination: 'cloud' })
    await sendJson(provider, 'PATCH', { source: 'custom', apiKey: SECRET_API_KEY })
    await sendJson(provider, 'PATCH', { source: 'not-a-source', apiKey: SECRET_API_KEY })
    await send(`${mock.url}/openapi.json`)
    await send(`${mock.url}/docs`, { headers: { authorization: `Bearer ${SECRET_TOKEN}` } })
    const { code, stdout, stderr } = await stop(mock)

    expect(code).toBe(0)
    expect
      .soft(requestLines(stdout))
      .toEqual([
        'POST /v1/workers 201',
        `PATCH ${new URL(provider).pathname} 200`,
        `PATCH ${new URL(provider).pathname} 400`,
        'GET /openapi.json 200',
        'GET /docs 200',
      ])
    expect.soft(stderr).toBe('')
    for (const planted of ['PLANTED', SECRET_API_KEY, SECRET_TOKEN, 'Bearer']) {
      expect.soft(stdout).not.toContain(planted)
      expect.soft(stderr).not.toContain(planted)
    }
  })

  it('prints no request lines with --quiet', async () => {
    const mock = await startMock(['--quiet'])

    const created = await sendJson(`${mock.url}/v1/workers`, 'POST', {
      name: 'quiet',
      destination: 'local',
    })
    await send(`${mock.url}/docs`)
    const { code, stdout } = await stop(mock)

    expect.soft(created.status).toBe(201)
    expect.soft(code).toBe(0)
    expect.soft(requestLines(stdout)).toEqual([])
    expect.soft(stdout).not.toMatch(/\/v1\/workers|\/docs \d/)
  })

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s with exit code 0 and a stopped line',
    async (signal) => {
      const { cli } = await startBinMock()

      cli.signal(signal)
      const exit = await cli.exit()

      expect.soft(exit.code).toBe(0)
      expect.soft(exit.signal).toBeNull()
      expect
        .soft(exit.stdout.trimEnd().split('\n').at(-1))
        .toBe(`worker-api-kit mock stopped (${signal})`)
      expect.soft(exit.stderr).toBe('')
    },
  )

  it('prints the same ids for the same seed and other ids for another seed', async () => {
    const [first, again, other] = await Promise.all([
      startMock(['--seed', '7']),
      startMock(['--seed', '7']),
      startMock(['--seed', '8']),
    ])

    expect(first.banner.orgId).toMatch(/^org_[0-9a-z]{26}$/)
    expect.soft(again.banner.orgId).toBe(first.banner.orgId)
    expect.soft(again.banner.llmProviderId).toBe(first.banner.llmProviderId)
    expect.soft(other.banner.orgId).not.toBe(first.banner.orgId)
    expect.soft(other.banner.llmProviderId).not.toBe(first.banner.llmProviderId)
  })

  // --seed -1: parseArgs rejects the dash-leading value itself; --seed=-1 reaches the range check.
  it.each(['--bogus', '--port abc', '--port 70000', '--seed -1', '--seed=-1', '--cors='])(
    'exits 2 with one [worker-api-kit] line on stderr for mock %s',
    async (flags) => {
      const { code, stdout, stderr } = await runCli([
        'mock',
        '--host',
        '127.0.0.1',
        ...flags.split(' '),
      ])

      expect.soft(code).toBe(2)
      expect.soft(stdout).toBe('')
      expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
      expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
    },
  )

  it('exits 2 with a message naming the address when the port is in use', async () => {
    const first = await startMock()

    const second = await runCli(['mock', '--host', '127.0.0.1', '--port', String(first.port)])
    const stillServing = await send(`${first.url}/openapi.json`)

    expect.soft(second.code).toBe(2)
    expect.soft(second.stdout).toBe('')
    expect.soft(second.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect
      .soft(second.stderr)
      .toMatch(
        new RegExp(
          `^\\[worker-api-kit\\] cannot listen on 127\\.0\\.0\\.1:${first.port} \\(EADDRINUSE\\)`,
        ),
      )
    expect.soft(second.stderr).toContain('pick another --port (through npm: npm start -- --port N)')
    expect.soft(stillServing.status).toBe(200)
  })

  it('lists its options with --help and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['mock', '--help'])

    expect(code).toBe(0)
    expect.soft(stderr).toBe('')
    for (const option of [
      '--port N',
      '--host HOST',
      '--seed N',
      '--cors ORIGIN',
      '--quiet',
      '--help',
    ]) {
      expect.soft(stdout).toContain(option)
    }
  })

  it('lists the commands with a top-level --help and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['--help'])

    expect(code).toBe(0)
    expect.soft(stderr).toBe('')
    expect.soft(stdout).toContain('Usage: worker-api-kit <command> [options]')
    expect.soft(stdout).toMatch(/^ {2}mock +\S/m)
    expect.soft(stdout).toMatch(/^ {2}openapi +\S/m)
  })

  it('exits 2 on an unknown command with one [worker-api-kit] line naming the commands', async () => {
    const { code, stdout, stderr } = await runCli(['serve'])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect
      .soft(stderr)
      .toMatch(
        /^\[worker-api-kit\] unknown command 'serve'; use one of mock, contract, proxy, pact, openapi, fixtures\./,
      )
  })

  it('prints the usage on stderr and exits 2 when no command is given', async () => {
    const { code, stdout, stderr } = await runCli([])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr).toContain('Usage: worker-api-kit <command>')
  })

  it('points at --host, not --port, when the host cannot be resolved', async () => {
    const { code, stderr } = await runCli(['mock', '--host', 'nope.invalid', '--port', '0'])

    expect.soft(code).toBe(2)
    expect
      .soft(stderr)
      .toMatch(/^\[worker-api-kit\] cannot listen on nope\.invalid:0 .*check --host\.\n$/)
  })
})
