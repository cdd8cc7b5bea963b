// Run in-process (src/cli/run-cli.ts, as the bin runs it); the violations on the log line, to the
// stop at SIGTERM, spawn the built bin: `npm test` builds first; alone, run `npm run build` first.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Scenario } from '../../src/mock/scenario.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startCli, startMock } from '../helpers/cli-in-process.js'
import { unusedUrl } from '../helpers/hostile-server.js'
import { spawnCli } from '../helpers/spawn-cli.js'

const { dirs } = cleanUpAfterEach()

const API_KEY = 'sk-live-proxy-cli-0123456789'
const TOKEN = 'tok-proxy-cli-abcdef0123456789'

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
})

/** `proxy --port 0 ...args` in-process (or `as` the bin), resolved once its banner is printed. */
const startProxy = async (args: readonly string[], as: 'bin' | 'in-process' = 'in-process') => {
  const start = as === 'bin' ? spawnCli : startCli
  const cli = start(['proxy', '--host', '127.0.0.1', '--port', '0', ...args])
  await cli.waitForStdout(/^Press Ctrl\+C to stop\.$/m)
  const url = cli.stdout().match(/^worker-api-kit proxy listening on (http:\/\/\S+)$/m)?.[1]
  if (!url) throw new Error(`no URL in the banner:\n${cli.stdout()}`)
  return { cli, url }
}

describe('worker-api-kit proxy', () => {
  it('judges, records, and the recording serves the same workers from the mock, offline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wak-proxy-'))
    dirs.push(dir)
    const file = join(dir, 'staging.json')
    const staging = await startMock()
    const { cli, url } = await startProxy([
      '--target',
      staging.url,
      '--record',
      file,
      '-H',
      `X-Api-Key: ${TOKEN}`,
    ])
    expect(cli.stdout()).toContain(`target           ${staging.url}/`)
    expect(cli.stdout()).toContain(`dashboard        ${url}/__mock/`)

    const created = await fetch(`${url}/v1/workers`, {
      method: 'POST',
      ...json({ name: 'recorded worker', destination: 'local' }),
    })
    expect(created.status).toBe(201)
    const { worker } = (await created.json()) as { worker: { id: string } }
    const renamed = await fetch(`${url}/v1/workers/${worker.id}`, {
      method: 'PATCH',
      ...json({ name: 'renamed on staging' }),
    })
    expect(renamed.status).toBe(200)
    const providerPath = `/v1/orgs/${staging.banner.orgId}/llm-providers/${staging.banner.llmProviderId}`
    const provider = await fetch(`${url}${providerPath}`, {
      method: 'PATCH',
      ...json({ source: 'custom', customConfigText: 'model: x', apiKey: API_KEY }),
    })
    expect(provider.status).toBe(200)
    const invalid = await fetch(`${url}/v1/workers/${worker.id}`, {
      method: 'PATCH',
      ...json({ name: '' }),
    })
    expect(invalid.status).toBe(400)

    cli.signal('SIGTERM')
    const exit = await cli.exit()
    expect(exit.code).toBe(0)
    const lines = exit.stdout.split('\n')
    expect(lines.some((l) => /^POST \/v1\/workers 201 [\d.]+ms$/.test(l))).toBe(true)
    expect(lines.filter((l) => l.includes('✗'))).toEqual([])
    expect(exit.stdout + exit.stderr).not.toContain(TOKEN)

    const text = await readFile(file, 'utf8')
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(TOKEN)
    const recorded = Scenario.parse(JSON.parse(text))
    expect(recorded.state?.organization).toMatchObject({ id: staging.banner.orgId })
    expect(recorded.state?.llmProvider).toMatchObject({
      id: staging.banner.llmProviderId,
      source: 'custom',
      customConfigText: 'model: x',
      hasApiKey: true,
    })
    expect(recorded.state?.workers.map((w) => [w.id, w.name])).toEqual([
      [worker.id, 'renamed on staging'],
    ])

    // Offline: the target is gone, the mock serves the recording.
    staging.cli.signal('SIGTERM')
    await staging.cli.exit()
    const offline = await startMock(['--scenario', file])
    expect(offline.banner.orgId).toBe(staging.banner.orgId)
    expect(offline.banner.llmProviderId).toBe(staging.banner.llmProviderId)
    const again = await fetch(`${offline.url}/v1/workers/${worker.id}`, {
      method: 'PATCH',
      ...json({ name: 'renamed offline' }),
    })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { worker: { id: string } }).worker.id).toBe(worker.id)
  })

  it('goes on from the recording its file holds, and never overwrites a file that is not one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wak-proxy-'))
    dirs.push(dir)
    const file = join(dir, 'rec.json')
    const staging = await startMock()
    const create = async (url: string, name: string) => {
      const res = await fetch(`${url}/v1/workers`, {
        method: 'POST',
        ...json({ name, destination: 'local' }),
      })
      return ((await res.json()) as { worker: { id: string } }).worker.id
    }
    const first = await startProxy(['--target', staging.url, '--record', file])
    const one = await create(first.url, 'first run')
    first.cli.signal('SIGTERM')
    expect((await first.cli.exit()).code).toBe(0)
    const second = await startProxy(['--target', staging.url, '--record', file])
    expect(second.cli.stdout()).toContain('(goes on from its 1 worker(s))')
    const two = await create(second.url, 'second run')
    second.cli.signal('SIGTERM')
    await second.cli.exit()
    const recorded = Scenario.parse(JSON.parse(await readFile(file, 'utf8')))
    expect(recorded.state?.workers.map((w) => w.id)).toEqual([one, two])

    const notOurs = join(dir, 'notes.json')
    await writeFile(notOurs, '{"mine": true}\n')
    const refused = await runCli(['proxy', '--target', staging.url, '--record', notOurs])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/exists and is not a scenario/)
    expect(await readFile(notOurs, 'utf8')).toBe('{"mine": true}\n')
  })

  it('refuses to be its own target (the default port of both is 4010)', async () => {
    const { port } = new URL(await unusedUrl())
    const exit = await runCli([
      'proxy',
      '--target',
      `http://127.0.0.1:${port}`,
      '--port',
      port,
      '--host',
      '127.0.0.1',
    ])
    expect(exit.code).toBe(2)
    expect(exit.stderr).toMatch(/is this proxy itself/)
  })

  it('names a violation on its log line', async () => {
    const staging = await startMock(['--scenario', 'flaky'])
    const { cli, url } = await startProxy(['--target', staging.url], 'bin')
    // the flaky scenario answers some requests 500/503: no-server-error on those lines
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${url}/v1/workers`, {
        method: 'POST',
        ...json({ name: `w${i}`, destination: 'local' }),
      }).catch(() => undefined)
      await res?.arrayBuffer()
    }
    cli.signal('SIGTERM')
    const exit = await cli.exit()
    const flagged = exit.stdout.split('\n').filter((l) => l.includes('✗'))
    expect(flagged.length).toBeGreaterThan(0)
    expect(flagged.every((l) => /^POST \/v1\/workers \d{3} [\d.]+ms( ✗ [a-z-]+.*)+$/.test(l))).toBe(
      true,
    )
  })

  it.each([
    [[], /--target is required/],
    [['--target', 'ftp://example.com'], /http:\/\/ or https:\/\//],
    [['--target', 'http://127.0.0.1:1', '--timeout', '0'], /--timeout/],
  ])('refuses %j with a usage error (exit 2)', async (args, message) => {
    const exit = await runCli(['proxy', ...args])
    expect(exit.code).toBe(2)
    expect(exit.stderr).toMatch(message)
  })
})
