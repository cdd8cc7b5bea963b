// Run in-process (src/cli/run-cli.ts, as the bin runs it); one run, a verdict of exit 1, spawns the
// built bin: `npm test` builds first; alone, run `npm run build` before vitest.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { typeid } from 'typeid-js'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startMock } from '../helpers/cli-in-process.js'
import {
  API_ONLY,
  startAppServer,
  startHostileServer,
  type TestServer,
  unusedUrl,
} from '../helpers/hostile-server.js'
import { contractTargetOf } from '../helpers/mock-banner.js'
import { runCli as runBin } from '../helpers/spawn-cli.js'

const PLANTED_TOKEN = 'PLANTED-SECRET-TOKEN-42'
const PLANTED_KEY = 'PLANTED-KEY-99999'
const PLANTED_HEADERS = [
  '-H',
  `Authorization: Bearer ${PLANTED_TOKEN}`,
  '-H',
  `X-Api-Key: ${PLANTED_KEY}`,
]

/** A safety net against a hang, not a speed test (the suite's duration belongs to `npm run bench`). */
const FEW_SECONDS_MS = 8_000

const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/
const PROGRESS = /^[✓✗!-] [a-z-]+ · [A-Za-z]+\b/gm

const { servers, dirs } = cleanUpAfterEach<TestServer>()

const contract = async (args: readonly string[], run = runCli) => {
  const started = performance.now()
  const exit = await run(['contract', ...args])
  return { ...exit, ms: performance.now() - started }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? ''

const tempFiles = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-contract-'))
  dirs.push(dir)
  return { json: join(dir, 'report.json'), junit: join(dir, 'report.xml') }
}

const targetOf = contractTargetOf

type JsonReport = { results: { checkId: string; outcome: string }[] }
const readReport = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as JsonReport

const serve = async (app: { fetch: (request: Request) => Response | Promise<Response> }) => {
  const server = await startAppServer(app)
  servers.push(server)
  return server
}

/** The mock, except that it renames a worker to an empty name (spec: at least one character). */
const acceptsEmptyRename = () => {
  const mock = createMockApp()
  const app = new Hono()
  app.patch('/v1/workers/:id', async (c, next) => {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined)
    if (typeof body !== 'object' || body === null || Reflect.get(body, 'name') !== '') {
      return next()
    }
    // The mock renames to a valid name; the client sees a 200 to its empty name.
    return mock.fetch(
      new Request(c.req.url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, name: 'unnamed' }),
      }),
    )
  })
  app.all('*', (c) => mock.fetch(c.req.raw))
  return app
}

describe('worker-api-kit contract', () => {
  it('passes every check against the mock with its ids, with progress lines and the summary last', async () => {
    const mock = await startMock()

    const { code, stdout, stderr, ms } = await contract(targetOf(mock))

    expect(code, stdout + stderr).toBe(0)
    expect.soft(lastLine(stdout)).toMatch(/^\d+ passed, 0 failed, 0 skipped$/)
    expect.soft(stdout).toContain(`worker-api-kit contract → ${mock.url}`)
    expect.soft(stdout).toMatch(/^… createWorker: sending \d+ cases$/m)
    expect.soft(stdout).toMatch(/^✓ responds · createWorker \(\d+ exchanges?\)$/m)
    expect.soft(stdout).toMatch(/^✓ responds · updateLlmProvider \(\d+ exchanges?\)$/m)
    expect.soft(stdout.match(PROGRESS)?.length).toBe(Number(lastLine(stdout).match(SUMMARY)?.[1]))
    expect.soft(stderr).toBe('')
    expect.soft(ms).toBeLessThan(FEW_SECONDS_MS)
  })

  it('skips the llm-provider checks, and says so, without --org-id and --llm-provider-id', async () => {
    const mock = await startMock()

    const { code, stdout } = await contract(['--base-url', mock.url])

    expect(code, stdout).toBe(0)
    expect
      .soft(stdout)
      .toContain('no --org-id/--llm-provider-id: the llm-provider checks will be skipped')
    expect.soft(lastLine(stdout)).toMatch(/^\d+ passed, 0 failed, [1-9]\d* skipped$/)
    expect.soft(stdout).toMatch(/^- responds · updateLlmProvider: skipped, /m)
    expect.soft(stdout).not.toMatch(/^✓ \S+ · updateLlmProvider/m)
  })

  it('writes a JSON report with the results and a JUnit file with one testcase per result', async () => {
    const mock = await startMock()
    const files = await tempFiles()

    const { code } = await contract([
      ...targetOf(mock),
      '--json',
      files.json,
      '--junit',
      files.junit,
    ])
    const report = await readReport(files.json)
    const junit = await readFile(files.junit, 'utf8')

    expect(code).toBe(0)
    expect(report.results.length).toBeGreaterThan(0)
    expect.soft(junit).toMatch(/^<\?xml /)
    expect.soft(junit.match(/<testcase /g)?.length).toBe(report.results.length)
  })

  it('keeps planted -H credentials out of stdout, stderr, the JSON and the JUnit file', async () => {
    const broken = await serve(acceptsEmptyRename())
    const files = await tempFiles()

    const { code, stdout, stderr } = await contract([
      '--base-url',
      broken.url,
      ...PLANTED_HEADERS,
      '--json',
      files.json,
      '--junit',
      files.junit,
    ])
    const channels = {
      stdout,
      stderr,
      json: await readFile(files.json, 'utf8'),
      junit: await readFile(files.junit, 'utf8'),
    }

    // A failure prints its request with every header: the credentials had somewhere to leak.
    expect(code, stdout).toBe(1)
    expect.soft(stdout).toContain('"authorization: $AUTHORIZATION"')
    expect.soft(channels.json).toContain('"x-api-key": "[REDACTED]"')
    for (const [channel, text] of Object.entries(channels)) {
      expect.soft(text, channel).not.toContain(PLANTED_TOKEN)
      expect.soft(text, channel).not.toContain(PLANTED_KEY)
    }
  })

  it.each([
    ['--only accepts-*', ['--only', 'accepts-*'], (id: string) => id === 'accepts-valid-input'],
    ['--skip responds', ['--skip', 'responds'], (id: string) => id !== 'responds'],
  ])('runs only the selected checks with %s', async (_flags, flags, isSelected) => {
    const mock = await startMock()
    const files = await tempFiles()

    const { code } = await contract([...targetOf(mock), ...flags, '--json', files.json])
    const { results } = await readReport(files.json)
    const judged = results.filter((r) => r.outcome !== 'skipped').map((r) => r.checkId)
    const leftOut = results.filter((r) => !isSelected(r.checkId))

    expect(code).toBe(0)
    expect(judged.length).toBeGreaterThan(0)
    expect.soft(judged.filter((id) => !isSelected(id))).toEqual([])
    // The checks left out are listed as skipped, not dropped from the report.
    expect(leftOut.length).toBeGreaterThan(0)
    expect.soft(leftOut.filter((r) => r.outcome !== 'skipped')).toEqual([])
  })

  it('exits 0 against the mock with --strict', async () => {
    const mock = await startMock()

    const { code, stdout } = await contract([...targetOf(mock), '--strict'])

    expect(code, stdout).toBe(0)
    expect.soft(stdout).toContain('(strict)')
    expect.soft(stdout).toMatch(/^✓ strict-status-codes · createWorker /m)
    expect.soft(lastLine(stdout)).toMatch(/^\d+ passed, 0 failed, 0 skipped$/)
  })

  it('exits 1 with a reproducing curl line against a server that accepts an empty name, as the bin', async () => {
    const broken = await serve(acceptsEmptyRename())

    const { code, stdout, ms } = await contract(['--base-url', broken.url], runBin)

    expect(code, stdout).toBe(1)
    expect.soft(stdout).toMatch(/^✗ rejects-invalid-input · updateWorker: /m)
    expect.soft(stdout).toContain('reproduce: curl')
    expect.soft(lastLine(stdout)).toMatch(/^\d+ passed, [1-9]\d* failed, \d+ skipped$/)
    expect.soft(ms).toBeLessThan(FEW_SECONDS_MS)
  })

  it('exits 1 within the run bound when the API never answers', async () => {
    const hang = await startHostileServer('hang', { appliesTo: API_ONLY })
    servers.push(hang)

    const { code, stdout, ms } = await contract([
      '--base-url',
      hang.url,
      '--timeout',
      '200',
      '--run-timeout',
      '5000',
    ])

    expect(code, stdout).toBe(1)
    expect.soft(stdout).toMatch(/^✗ responds · createWorker: /m)
    expect.soft(stdout).toMatch(/^stopped early: /m)
    expect.soft(ms).toBeLessThan(5_000)
  })

  it.each([
    ['nothing listens on the port', async () => unusedUrl()],
    [
      'the server never answers, not even GET /',
      async () => {
        const hang = await startHostileServer('hang')
        servers.push(hang)
        return hang.url
      },
    ],
  ])('exits 2 with one "cannot reach" line on stderr when %s', async (_target, urlOf) => {
    const url = await urlOf()

    const { code, stderr, ms } = await contract(['--base-url', url, '--timeout', '200'])

    expect(code).toBe(2)
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] cannot reach /)
    expect.soft(ms).toBeLessThan(FEW_SECONDS_MS)
  })

  const ORG_ID = typeid('org').toString()
  const LLM_PROVIDER_ID = typeid('lpr').toString()
  // An unused port: a flag that slipped through would give "cannot reach", not the message named.
  it.each([
    ['no --base-url', [], /--base-url is required/],
    ['--base-url notaurl', ['--base-url', 'notaurl'], /--base-url "notaurl" is not a URL/],
    [
      '--org-id without --llm-provider-id',
      ['--base-url', 'http://127.0.0.1:9', '--org-id', ORG_ID],
      /pass both --org-id and --llm-provider-id/,
    ],
    [
      '--org-id bad',
      ['--base-url', 'http://127.0.0.1:9', '--org-id', 'bad', '--llm-provider-id', LLM_PROVIDER_ID],
      /--org-id "bad" is not an org_/,
    ],
    [
      '-H novalue',
      ['--base-url', 'http://127.0.0.1:9', '-H', 'novalue'],
      /-H expects "Name: value"/,
    ],
  ])('exits 2 with one [worker-api-kit] line on stderr for %s', async (_flags, flags, message) => {
    const { code, stderr } = await contract(flags)

    expect(code, stderr).toBe(2)
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
    expect.soft(stderr).toMatch(message)
  })

  /** --run-timeout of the hostile runs below; a request in flight may end up to --timeout later. */
  const RUN_BOUND_MS = 8_000
  it.each([
    ['never answers', 'hang' as const, /^✗ responds · createWorker: /m],
    ['resets the connection', 'reset' as const, /^✗ responds · createWorker: /m],
    ['sends an endless body', 'endless' as const, /^✗ responds · createWorker: /m],
    ['cuts its body short', 'truncated' as const, /^✗ responds · createWorker: /m],
    ['answers HTML', 'non-json' as const, /^✗ success-is-json · createWorker: /m],
    ['labels JSON as text', 'wrong-content-type' as const, /^✗ success-is-json · createWorker: /m],
  ])(
    'exits 1 with findings within the run bound when the API %s',
    async (_what, behaviour, finding) => {
      const hostile = await startHostileServer(behaviour, { appliesTo: API_ONLY })
      servers.push(hostile)

      const started = performance.now()
      const { code, stdout, stderr } = await runCli(
        [
          'contract',
          '--base-url',
          hostile.url,
          '--timeout',
          '300',
          '--run-timeout',
          String(RUN_BOUND_MS),
        ],
        { timeoutMs: RUN_BOUND_MS + FEW_SECONDS_MS },
      )
      const ms = performance.now() - started

      expect(code, stdout + stderr).toBe(1)
      expect.soft(stdout).toMatch(finding)
      expect.soft(lastLine(stdout)).toMatch(/^\d+ passed, [1-9]\d* failed, \d+ skipped$/)
      expect.soft(stderr).not.toMatch(/unexpected error|^\s+at /m)
      expect.soft(stderr).toBe('')
      expect.soft(ms).toBeLessThan(RUN_BOUND_MS)
    },
  )
})
