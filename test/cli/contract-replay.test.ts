// `worker-api-kit contract --replay FILE` as a user runs it: a recording replayed against a
// server on a port, exit 0 green and 1 red with the exchange named, the reports written, and
// usage errors alone (one line, nothing sent). Run in-process (src/cli/run-cli.ts, as the bin).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { APP_API_KEY, recordSession } from '../contract/replay-session.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import nameNotEchoed from '../servers/broken/name-not-echoed.js'

const { servers, dirs } = cleanUpAfterEach<TestServer>()

const KEY = 'sk-from-the-environment-4321'

const setUp = async (
  app: Parameters<typeof startAppServer>[0] & { ids: { orgId: string; llmProviderId: string } },
) => {
  const server = await startAppServer(app)
  servers.push(server)
  const dir = await mkdtemp(join(tmpdir(), 'wak-replay-'))
  dirs.push(dir)
  await writeFile(join(dir, 'session.har'), JSON.stringify(await recordSession()))
  const args = [
    'contract',
    '--base-url',
    server.url,
    '--replay',
    'session.har',
    '--org-id',
    app.ids.orgId,
    '--llm-provider-id',
    app.ids.llmProviderId,
    '--masked-value',
    '/apiKey=env:LLM_API_KEY',
  ]
  return { server, dir, args, env: { LLM_API_KEY: KEY } }
}

describe('worker-api-kit contract --replay', () => {
  it('exits 0 against the mock, with a line per exchange and the reports written', async () => {
    const { dir, args, env } = await setUp(createMockApp())

    const { code, stdout, stderr } = await runCli(
      [...args, '--json', 'r.json', '--junit', 'r.xml', '--html', 'r.html'],
      { cwd: dir, env },
    )

    expect(code, stdout + stderr).toBe(0)
    expect(stdout).toContain('✓ #3 updateLlmProvider PATCH')
    expect(stdout).toMatch(/7 passed, 0 failed, 0 skipped exchanges/)
    const json = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8'))
    expect(json.summary).toMatchObject({ passed: 7, failed: 0, skipped: 0 })
    expect(await readFile(join(dir, 'r.xml'), 'utf8')).toContain('tests="7" failures="0"')
    for (const file of ['r.json', 'r.xml', 'r.html']) {
      const text = await readFile(join(dir, file), 'utf8')
      expect.soft(text).not.toContain(KEY)
      expect.soft(text).not.toContain(APP_API_KEY)
    }
    expect(stdout).not.toContain(KEY)
  })

  it('exits 1 against a broken server, naming the exchange, the field and a curl line', async () => {
    const { args, dir, env } = await setUp(nameNotEchoed.app)

    const { code, stdout } = await runCli([...args, '--quiet'], { cwd: dir, env })

    expect(code).toBe(1)
    expect(stdout).toContain('✗ #0 createWorker POST')
    expect(stdout).toContain('create-echoes-input')
    expect(stdout).toMatch(/curl -sS -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/workers'/)
  })

  it.each([
    [['--seed', '1'], '--seed: for generated cases only'],
    [['--only', 'responds'], '--only: for generated cases only'],
    [['--masked-value', 'apiKey=x'], '--masked-value takes a JSON pointer'],
    [['--id-map', 'wrk_a'], '--id-map "wrk_a": expected OLD=NEW'],
  ])('refuses %j in one line, sending nothing', async (extra, message) => {
    const { args, dir, env, server } = await setUp(createMockApp())

    const { code, stdout, stderr } = await runCli([...args, ...extra], { cwd: dir, env })

    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain(message)
    expect(server.requestCount()).toBe(0)
  })

  it('refuses a file that is not there, is not JSON or is no HAR, naming the place', async () => {
    const { args, dir, env } = await setUp(createMockApp())
    await writeFile(join(dir, 'text.har'), 'not json')
    await writeFile(join(dir, 'other.har'), JSON.stringify({ log: { entries: [{}] } }))
    const replaying = (file: string) => args.map((a) => (a === 'session.har' ? file : a))

    const missing = await runCli(replaying('missing.har'), { cwd: dir, env })
    const text = await runCli(replaying('text.har'), { cwd: dir, env })
    const other = await runCli(replaying('other.har'), { cwd: dir, env })

    expect([missing.code, text.code, other.code]).toEqual([2, 2, 2])
    expect(missing.stderr).toContain('--replay missing.har: cannot read it')
    expect(text.stderr).toContain('--replay text.har: not JSON')
    expect(other.stderr).toContain('log.entries[0].request')
  })

  it('refuses --id-map and --masked-value without --replay', async () => {
    const { server } = await setUp(createMockApp())
    const { code, stderr } = await runCli([
      'contract',
      '--base-url',
      server.url,
      '--id-map',
      'wrk_a=wrk_b',
    ])
    expect(code).toBe(2)
    expect(stderr).toContain('--id-map is for --replay FILE only')
  })
})
