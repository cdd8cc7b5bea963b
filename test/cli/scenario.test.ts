// The mock's --scenario and --watch, run in-process (src/cli/run-cli.ts, as the bin runs it).
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { type RunningMock, runCli, startMock, stopRunning } from '../helpers/cli-in-process.js'

const FETCH_TIMEOUT_MS = 5_000
/** How long a scenario edit may take to show (the watcher settles for 100 ms). */
const RELOAD_WAIT_MS = 3_000
const POLL_MS = 50

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'cli', destination: 'local' }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  })

const statusOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await post(url, headers)
  await res.arrayBuffer()
  return res.status
}

/** A fresh temporary folder, removed after the test. */
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-cli-scenario-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const writeJson = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value))

/** Writes the way many editors save: a temporary file renamed over the original. */
const saveAtomically = (file: string, value: unknown) => {
  writeJson(`${file}.tmp`, value)
  renameSync(`${file}.tmp`, file)
}

/** A scenario that answers createWorker with `status` (and nothing else changed). */
const answering = (status: number) => ({
  name: 'watched',
  description: `answers ${status}`,
  rules: [{ match: { operation: 'createWorker' }, respond: { status } }],
})

/** Polls `read` until `isDone` holds or `timeoutMs` passes; resolves with the last value. */
const until = async <T>(read: () => Promise<T> | T, isDone: (value: T) => boolean) => {
  const deadline = Date.now() + RELOAD_WAIT_MS
  let value = await read()
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    value = await read()
  }
  return value
}

/**
 * The first edit after start-up: written again every 400 ms (above the watcher's 100 ms settle)
 * until it shows, because the watcher may start after the banner (see the skipped test below).
 */
const firstEdit = async (url: string, write: () => void, status: number) => {
  const deadline = Date.now() + RELOAD_WAIT_MS
  let seen = 0
  while (seen !== status && Date.now() < deadline) {
    write()
    const settle = Date.now() + 400
    do {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      seen = await statusOf(url)
    } while (seen !== status && Date.now() < settle)
  }
  return seen
}

const stop = async ({ cli }: RunningMock) => {
  cli.signal('SIGTERM')
  return cli.exit()
}

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

afterEach(stopRunning)

describe('worker-api-kit mock --scenario', () => {
  it('prints the scenario in the banner and answers the sixth request of rate-limited with 429', async () => {
    const mock = await startMock(['--scenario', 'rate-limited', '--quiet'])
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push(await statusOf(mock.url))
    const sixth = await post(mock.url)

    expect.soft(mock.cli.stdout()).toMatch(/^ {2}scenario +rate-limited: At most 5 requests/m)
    expect.soft(statuses).toEqual([201, 201, 201, 201, 201])
    expect.soft(sixth.status).toBe(429)
    expect.soft(sixth.headers.get('content-type')).toBe('application/problem+json')
    expect.soft(sixth.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect.soft(await sixth.json()).toMatchObject({ status: 429 })
    expect.soft(await stop(mock)).toMatchObject({ code: 0 })
  })

  it('exits 2 with one line naming the file and the pointer for an invalid scenario file', async () => {
    const file = join(tempDir(), 'bad.json')
    writeJson(file, { name: 'bad', rules: [{ latency: { min: 500, max: 100 } }] })

    const { code, stdout, stderr } = await runCli(['mock', '--port', '0', '--scenario', file])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
    expect.soft(stderr).toContain(file)
    expect.soft(stderr).toContain('/rules/0/latency: min must not exceed max')
  })

  it('exits 2 with one line for a file that is not JSON', async () => {
    const file = join(tempDir(), 'broken.json')
    writeFileSync(file, '{"name": ')

    const { code, stderr } = await runCli(['mock', '--port', '0', '--scenario', file])

    expect.soft(code).toBe(2)
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toContain(`${file} is invalid: not JSON`)
  })

  it('exits 2 with one line listing the shipped scenarios for an unknown name', async () => {
    const { code, stdout, stderr } = await runCli(['mock', '--port', '0', '--scenario', 'nope'])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] .*nope/)
    expect.soft(stderr).toMatch(/known: .*flaky.*rate-limited/)
  })

  it.each([
    ['no --scenario', ['--watch']],
    ['a shipped scenario name', ['--scenario', 'flaky', '--watch']],
  ])('exits 2 for --watch with %s', async (_, args) => {
    const { code, stdout, stderr } = await runCli(['mock', '--port', '0', ...args])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect
      .soft(linesOf(stderr))
      .toEqual([
        '[worker-api-kit] --watch needs --scenario FILE (a path to a .json scenario or a .har file).',
      ])
  })

  it('reloads a watched scenario file on change and keeps the last valid one when it breaks', async () => {
    const file = join(tempDir(), 'watched.json')
    writeJson(file, { name: 'watched', description: 'no rules yet' })
    const mock = await startMock(['--scenario', file, '--watch', '--quiet'])
    expect.soft(mock.cli.stdout()).toMatch(/^ {2}scenario +watched: no rules yet \(watched\)$/m)
    expect(await statusOf(mock.url)).toBe(201)

    expect(await firstEdit(mock.url, () => writeJson(file, answering(418)), 418)).toBe(418)
    expect.soft(mock.cli.stdout()).toContain(`reloaded scenario watched from ${file}`)

    writeFileSync(file, '{"name": "watched", "rules": [{ "latency": -5 }]}')
    const stderr = await until(
      () => mock.cli.stderr(),
      (text) => text.includes('/rules/0/latency'),
    )
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] scenario .* is invalid: \/rules\/0\/latency/)
    expect.soft(stderr).toContain(file)
    expect.soft(stderr).toContain('keeping the previous scenario')
    expect.soft(await statusOf(mock.url)).toBe(418)

    writeJson(file, answering(419))
    expect(
      await until(
        () => statusOf(mock.url),
        (status) => status === 419,
      ),
    ).toBe(419)
    expect.soft(await stop(mock)).toMatchObject({ code: 0 })
  })

  it('sees a change made right after the banner', async () => {
    const file = join(tempDir(), 'watched.json')
    writeJson(file, { name: 'watched' })
    const mock = await startMock(['--scenario', file, '--watch', '--quiet'])
    writeJson(file, answering(418))
    expect(
      await until(
        () => statusOf(mock.url),
        (status) => status === 418,
      ),
    ).toBe(418)
  })

  it('keeps watching a scenario file that an editor replaces by renaming over it', async () => {
    const file = join(tempDir(), 'watched.json')
    writeJson(file, { name: 'watched' })
    const mock = await startMock(['--scenario', file, '--watch', '--quiet'])
    expect(await statusOf(mock.url)).toBe(201)

    expect(await firstEdit(mock.url, () => saveAtomically(file, answering(418)), 418)).toBe(418)
    saveAtomically(file, answering(419))
    expect(
      await until(
        () => statusOf(mock.url),
        (status) => status === 419,
      ),
    ).toBe(419)
    writeJson(file, answering(420))
    expect(
      await until(
        () => statusOf(mock.url),
        (status) => status === 420,
      ),
    ).toBe(420)
  })

  it('requires a bearer token with --auth: 401 without one, 201 with one', async () => {
    const mock = await startMock(['--auth', '--quiet'])
    const without = await post(mock.url)
    const withToken = await statusOf(mock.url, { authorization: 'Bearer cli-token' })

    expect.soft(mock.cli.stdout()).toMatch(/^ {2}scenario +default \(auth required\): /m)
    expect.soft(without.status).toBe(401)
    expect.soft(without.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    expect.soft(await without.json()).toMatchObject({
      errors: [{ pointer: '/headers/authorization' }],
    })
    expect.soft(withToken).toBe(201)
  })
})
