// Run in-process (src/cli/run-cli.ts, as the bin runs it).
import { spawnSync } from 'node:child_process'
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadScenarioFile, MAX_SCENARIO_FILE_BYTES } from '../../src/mock/scenario-registry.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startCli, startMock } from '../helpers/cli-in-process.js'

const { dirs } = cleanUpAfterEach()

/** Polls at most this many times (every POLL_MS) for what a running proxy does in the background. */
const MAX_POLLS = 100
const POLL_MS = 50

const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-record-'))
  dirs.push(dir)
  return dir
}

/** `proxy --port 0 ...args`, resolved once its banner is printed, with its URL. */
const startProxy = async (args: readonly string[]) => {
  const cli = startCli(['proxy', '--host', '127.0.0.1', '--port', '0', ...args])
  await cli.waitForStdout(/^Press Ctrl\+C to stop\.$/m)
  const url = cli.stdout().match(/^worker-api-kit proxy listening on (http:\/\/\S+)$/m)?.[1]
  if (!url) throw new Error(`no URL in the banner:\n${cli.stdout()}`)
  return { cli, url }
}

const createWorker = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: 'local', ...body }),
  })

/** Resolves with the first value `probe` gives that is not undefined, polling a bounded number of times. */
const eventually = async <T>(probe: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < MAX_POLLS; i++) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  throw new Error(`nothing after ${MAX_POLLS} polls`)
}

const HAND_WRITTEN = `${JSON.stringify(
  {
    name: 'mine',
    description: 'written by hand',
    rules: [{ match: { operation: 'createWorker' }, latency: 300 }],
  },
  null,
  2,
)}\n`

describe('proxy --record FILE', () => {
  it.each([
    [
      'a hand-written scenario',
      /is a scenario the proxy did not record/,
      (file: string) => writeFile(file, HAND_WRITTEN),
    ],
    [
      'a file over the scenario bound',
      /is larger than a scenario file may be/,
      (file: string) => writeFile(file, ' '.repeat(MAX_SCENARIO_FILE_BYTES + 1)),
    ],
    [
      'a FIFO',
      /is not a regular file/,
      async (file: string) => {
        spawnSync('mkfifo', [file])
      },
    ],
    [
      'a symlink to /dev/zero',
      /is not a regular file/,
      (file: string) => symlink('/dev/zero', file),
    ],
  ])(
    'refuses %s with one line naming the file (exit 2), and leaves it as it was',
    async (_, why, plant) => {
      const staging = await startMock()
      const file = join(await newDir(), 'theirs.json')
      await plant(file)
      const before = await lstat(file)
      const exit = await runCli(['proxy', '--port', '0', '--target', staging.url, '--record', file])
      expect(exit.code).toBe(2)
      const lines = exit.stderr.trim().split('\n')
      expect(lines[0]).toMatch(why)
      expect(lines[0]).toContain(file)
      expect(lines[0]).toMatch(/^\[worker-api-kit\] .*move it, or pick another path\.$/)
      const after = await lstat(file)
      expect([after.ino, after.mode, after.size]).toEqual([before.ino, before.mode, before.size])
      if (before.isFile() && before.size < 10_000)
        expect(await readFile(file, 'utf8')).toBe(HAND_WRITTEN)
    },
  )

  it('writes through a fresh file of its own: a planted symlink redirects nothing, and the file is 0600', async () => {
    const staging = await startMock()
    const dir = await newDir()
    const file = join(dir, 'rec.json')
    const victim = join(dir, 'victim.txt')
    await writeFile(victim, 'keep me\n')
    const { cli, url } = await startProxy(['--target', staging.url, '--record', file])
    // The name the proxy once wrote through, for its process (this one): a symlink planted there waits.
    const planted = `${file}.${process.pid}.tmp`
    await symlink(victim, planted)
    expect((await createWorker(url, { name: 'after the plant' })).status).toBe(201)
    cli.signal('SIGTERM')
    expect((await cli.exit()).code).toBe(0)

    expect(await readFile(victim, 'utf8')).toBe('keep me\n')
    expect(await readlink(planted)).toBe(victim)
    const written = await lstat(file)
    expect(written.isFile()).toBe(true)
    expect(written.mode & 0o777).toBe(0o600)
    expect(loadScenarioFile(file).state?.workers.map((w) => w.name)).toEqual(['after the plant'])
  })

  it('keeps serving when its folder goes, says so once and in health, and writes again when it can', async () => {
    const staging = await startMock()
    const dir = await newDir()
    const file = join(dir, 'rec.json')
    const { cli, url } = await startProxy(['--target', staging.url, '--record', file])
    await rm(dir, { recursive: true, force: true })

    expect((await createWorker(url, { name: 'while the folder is gone' })).status).toBe(201)
    const recordingError = await eventually(async () => {
      const health = (await (await fetch(`${url}/__mock/health`)).json()) as {
        recordingError: string | null
      }
      return health.recordingError ?? undefined
    })
    expect(recordingError).toContain('ENOENT')
    // Alive, and still a proxy: another create goes through.
    expect(cli.isRunning()).toBe(true)
    expect((await createWorker(url, { name: 'second while gone' })).status).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 500)) // past the write's debounce
    expect(cli.isRunning()).toBe(true)
    const said = cli
      .stderr()
      .split('\n')
      .filter((line) => line.includes('cannot write'))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(
      /^\[worker-api-kit\] cannot write .*rec\.json \(ENOENT\); the proxy goes on/,
    )

    await mkdir(dir)
    expect((await createWorker(url, { name: 'back' })).status).toBe(201)
    await eventually(() =>
      stat(file).then(
        () => true,
        () => undefined,
      ),
    )
    const health = (await (await fetch(`${url}/__mock/health`)).json()) as {
      recordingError: string | null
    }
    expect(health.recordingError).toBeNull()
    cli.signal('SIGTERM')
    expect((await cli.exit()).code).toBe(0)
    expect(loadScenarioFile(file).state?.workers.map((w) => w.name)).toEqual([
      'while the folder is gone',
      'second while gone',
      'back',
    ])
  })

  it('never overwrites a file put in its place while it runs, says so, and records again once it is moved away', async () => {
    const staging = await startMock()
    const dir = await newDir()
    const file = join(dir, 'rec.json')
    const { cli, url } = await startProxy(['--target', staging.url, '--record', file])
    expect((await createWorker(url, { name: 'before the swap' })).status).toBe(201)
    await eventually(async () =>
      loadScenarioFile(file).state?.workers.length === 1 ? true : undefined,
    )
    // The developer copies their own scenario over the recording while the proxy runs.
    const theirs = join(dir, 'theirs.json')
    await writeFile(theirs, HAND_WRITTEN)
    await rename(theirs, file)

    expect((await createWorker(url, { name: 'after the swap' })).status).toBe(201)
    const recordingError = await eventually(async () => {
      const health = (await (await fetch(`${url}/__mock/health`)).json()) as {
        recordingError: string | null
      }
      return health.recordingError ?? undefined
    })
    expect(recordingError).toMatch(/changed since the proxy wrote it/)
    cli.signal('SIGTERM')
    expect((await cli.exit()).code).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(HAND_WRITTEN)
    expect(cli.stderr()).toMatch(
      /rec\.json changed since the proxy wrote it, so it is not overwritten/,
    )
  })

  it('writes the recording again once the file put in its place is moved away', async () => {
    const staging = await startMock()
    const dir = await newDir()
    const file = join(dir, 'rec.json')
    const { cli, url } = await startProxy(['--target', staging.url, '--record', file])
    expect((await createWorker(url, { name: 'first' })).status).toBe(201)
    await eventually(async () =>
      loadScenarioFile(file).state?.workers.length === 1 ? true : undefined,
    )
    await writeFile(join(dir, 'theirs.json'), HAND_WRITTEN)
    await rename(join(dir, 'theirs.json'), file)
    expect((await createWorker(url, { name: 'second' })).status).toBe(201)
    // The write after the debounce finds their file and says so: moved away only then.
    await cli.waitForStderr(/rec\.json changed since the proxy wrote it/)
    await rename(file, join(dir, 'moved-away.json'))

    expect((await createWorker(url, { name: 'third' })).status).toBe(201)
    cli.signal('SIGTERM')
    expect((await cli.exit()).code).toBe(0)
    expect(await readFile(join(dir, 'moved-away.json'), 'utf8')).toBe(HAND_WRITTEN)
    expect(loadScenarioFile(file).state?.workers.map((w) => w.name)).toEqual([
      'first',
      'second',
      'third',
    ])
  })

  it('records no more than mock --scenario loads: the oldest of many large workers go, and the mock serves the rest', async () => {
    const staging = await startMock()
    const dir = await newDir()
    const file = join(dir, 'big.json')
    const { cli, url } = await startProxy(['--target', staging.url, '--record', file, '--quiet'])
    const description = 'd'.repeat(50_000)
    for (let i = 0; i < 25; i++)
      expect((await createWorker(url, { name: `big ${i}`, description })).status).toBe(201)
    const health = (await (await fetch(`${url}/__mock/health`)).json()) as { recording: string }
    expect(health.recording).toMatch(/oldest dropped/)
    cli.signal('SIGTERM')
    expect((await cli.exit()).code).toBe(0)

    expect((await stat(file)).size).toBeLessThanOrEqual(MAX_SCENARIO_FILE_BYTES)
    const recorded = loadScenarioFile(file)
    expect(recorded.description).toMatch(/oldest dropped/)
    const names = (recorded.state?.workers ?? []).map((w) => w.name)
    expect(names.length).toBeGreaterThan(15)
    expect(names.at(-1)).toBe('big 24')
    const offline = await startMock(['--scenario', file])
    expect(offline.cli.stdout()).toContain('listening on')
  })
})
