// The bin keeps V8's code of the CLI's bundle between starts (src/cli/code-cache.ts): a second
// start reads what the first wrote, a broken or foreign cache is never run, and the CLI does the
// same with and without it. The bin runs with its own temporary folder (TMPDIR) each time.
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheKeyOf } from '../../src/cli/code-cache.js'
import { cacheFolderOf, isPrivateFolder } from '../../src/cli/code-cache-folder.js'
import { COMMAND_NAMES, commandNameOf } from '../../src/cli/command-names.js'
import { COMMANDS } from '../../src/cli/commands/index.js'
import { minimalBody } from '../helpers/requests.js'
import { killSpawned, REPO_ROOT, runCli, startMock } from '../helpers/spawn-cli.js'

const uid = process.getuid?.()
let temporary = ''
beforeEach(() => {
  temporary = mkdtempSync(join(tmpdir(), 'wak-code-cache-'))
})
afterEach(async () => {
  await killSpawned()
  rmSync(temporary, { recursive: true, force: true })
})

/** The environment of a bin whose temporary folder is this test's, printing what its cache did. */
const envWith = (extra: Record<string, string> = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temporary, NODE_DEBUG: 'worker-api-kit' }
  delete env['NODE_DISABLE_COMPILE_CACHE']
  delete env['NODE_COMPILE_CACHE']
  return { ...env, ...extra }
}
const folder = () => cacheFolderOf({}, uid, temporary) ?? ''
const cacheFiles = () => (existsSync(folder()) ? readdirSync(folder()) : [])
const help = (extra?: Record<string, string>) => runCli(['--help'], { env: envWith(extra) })
/** The status of a create on the mock at `url`. */
const createOn = async (url: string) =>
  (
    await fetch(`${url}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(minimalBody('createWorker')),
    })
  ).status

describe('the bin’s code cache', () => {
  it('writes the cache on a first start and runs from it on the next, with the same output', async () => {
    const first = await help()
    expect(first.stderr).toMatch(/code cache absent/)
    expect(first.stderr).toMatch(/code cache written/)
    expect(cacheFiles()).toHaveLength(1)
    const second = await help()
    expect(second.stderr).toMatch(/code cache accepted/)
    expect(second.stderr).not.toMatch(/code cache written/)
    expect(second.stdout).toBe(first.stdout)
    expect(second.code).toBe(0)
  })

  it('serves the mock from a warm cache', async () => {
    await help()
    const mock = await startMock([], { env: envWith() })
    expect(mock.cli.stderr()).toMatch(/code cache absent/)
    expect(await createOn(mock.url)).toBe(201)
    mock.cli.signal('SIGTERM')
    await mock.cli.exit()
    expect(cacheFiles()).toHaveLength(2)
    const again = await startMock([], { env: envWith() })
    expect(again.cli.stderr()).toMatch(/code cache accepted/)
    expect(await createOn(again.url)).toBe(201)
  })

  it('refuses a cache file it did not write, runs without it and writes a good one', async () => {
    await help()
    const [name] = cacheFiles()
    const file = join(folder(), name ?? '')
    writeFileSync(file, 'not code'.repeat(1000))
    const run = await help()
    expect(run.stderr).toMatch(/code cache broken/)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Usage: worker-api-kit <command>/)
    expect(statSync(file).size).toBeGreaterThan(8000)
    expect((await help()).stderr).toMatch(/code cache accepted/)
  })

  it('never hands V8 a cache with a flipped byte or sealed for another command, and mends it', async () => {
    await help()
    const [name] = cacheFiles()
    const file = join(folder(), name ?? '')
    const sealed = readFileSync(file)
    for (const at of [sealed.length - 100, Math.floor(sealed.length / 2), 60]) {
      const flipped = Buffer.from(sealed)
      flipped[at] = (flipped[at] ?? 0) ^ 0x5a
      writeFileSync(file, flipped)
      const run = await help()
      expect(run.code).toBe(0)
      expect(run.stderr).toMatch(/code cache broken/)
      expect((await help()).stderr).toMatch(/code cache accepted/)
    }
    await runCli(['openapi', '--help'], { env: envWith() })
    const other = cacheFiles().find((n) => n !== name) ?? ''
    writeFileSync(file, readFileSync(join(folder(), other)))
    const run = await help()
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/code cache broken/)
    expect((await help()).stderr).toMatch(/code cache accepted/)
  })

  it.skipIf(uid === undefined)(
    'never uses a folder whose parent another user could swap it out of',
    async () => {
      const parent = join(temporary, 'shared')
      mkdirSync(parent)
      chmodSync(parent, 0o777)
      const open = await help({ NODE_COMPILE_CACHE: parent })
      expect(open.stderr).toMatch(/code cache refused/)
      expect(open.code).toBe(0)
      chmodSync(parent, 0o1777)
      expect((await help({ NODE_COMPILE_CACHE: parent })).stderr).toMatch(/code cache written/)
      if (uid === 0) {
        chmodSync(parent, 0o755)
        chownSync(parent, 65534, 65534)
        expect((await help({ NODE_COMPILE_CACHE: parent })).stderr).toMatch(/code cache refused/)
      }
    },
  )

  it.skipIf(uid !== 0)(
    'never uses a folder below one another user owns, however high',
    async () => {
      const theirs = join(temporary, 'theirs')
      const mine = join(theirs, 'mine')
      mkdirSync(mine, { recursive: true, mode: 0o755 })
      chownSync(theirs, 65534, 65534)
      const run = await help({ NODE_COMPILE_CACHE: mine })
      expect(run.stderr).toMatch(/code cache refused: .*theirs is open to other users/)
      expect(run.code).toBe(0)
      expect(existsSync(cacheFolderOf({}, uid, mine) ?? '')).toBe(false)
    },
  )

  it('follows a link on the way to its folder, and uses the folder it leads to', async () => {
    const real = join(temporary, 'real-base')
    mkdirSync(real, { mode: 0o700 })
    const link = join(temporary, 'link-base')
    symlinkSync(real, link)
    const run = await help({ NODE_COMPILE_CACHE: link })
    expect(run.stderr).toMatch(/code cache written: .*real-base/)
    expect(readdirSync(cacheFolderOf({}, uid, real) ?? '')).toHaveLength(1)
  })

  it('drops a sealed file that holds no code of its bundle, and runs the bundle afresh', async () => {
    await help()
    const [name] = cacheFiles()
    const file = join(folder(), name ?? '')
    const bundle = join(REPO_ROOT, 'dist/bin/cli.cjs')
    // V8's code of another script of the bundle's length, sealed for the bundle's file as
    // docs/security.md describes the seal (a magic line, a SHA-256 of the name and the code).
    const forge = `
      import { createHash } from 'node:crypto'
      import { readFileSync, statSync, writeFileSync } from 'node:fs'
      import { Script } from 'node:vm'
      const length = statSync(${JSON.stringify(bundle)}).size
      const script = new Script('(0)'.padEnd(length, ' '), { filename: ${JSON.stringify(bundle)} })
      script.runInThisContext()
      const code = script.createCachedData()
      const digest = createHash('sha256').update(${JSON.stringify(name)}).update('\\0').update(code).digest()
      writeFileSync(${JSON.stringify(file)}, Buffer.concat([Buffer.from(readFileSync(${JSON.stringify(file)}).subarray(0, 17)), digest, code]))
    `
    execFileSync(process.execPath, ['--input-type=module', '-e', forge])
    const run = await help()
    expect(run.stderr).toMatch(/code cache forgotten/)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Usage: worker-api-kit <command>/)
    expect((await help()).stderr).toMatch(/code cache (absent|accepted)/)
  })

  it('refuses a cache file far larger than any it writes, without reading it', async () => {
    await help()
    const [name] = cacheFiles()
    const file = join(folder(), name ?? '')
    truncateSync(file, 2 ** 30)
    const run = await help()
    expect(run.stderr).toMatch(/code cache broken/)
    expect(run.code).toBe(0)
    expect(statSync(file).size).toBeLessThan(2 ** 26)
  })

  it('drops its own files not written for 30 days, and nothing else', async () => {
    await help()
    mkdirSync(join(folder(), 'a-folder'))
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000)
    const stale = ['0123456789abcdef0123456789abcdef', '.0123456789abcdef.partial']
    for (const name of [...stale, 'notes.txt']) writeFileSync(join(folder(), name), 'x')
    for (const name of [...stale, 'notes.txt', 'a-folder'])
      utimesSync(join(folder(), name), old, old)
    const run = await runCli(['openapi', '--help'], { env: envWith() })
    expect(run.stderr).toMatch(/code cache written/)
    expect(run.stderr).not.toMatch(/not written/)
    expect(cacheFiles().sort()).toEqual(
      [
        ...cacheFiles().filter((n) => /^[0-9a-f]{32}$/.test(n) && !stale.includes(n)),
        'a-folder',
        'notes.txt',
      ].sort(),
    )
    expect(cacheFiles().filter((n) => /^[0-9a-f]{32}$/.test(n))).toHaveLength(2)
  })

  it('prints its lines escaped', async () => {
    const odd = join(temporary, 'odd\u001b[2J\nFAKE')
    const run = await help({ NODE_COMPILE_CACHE: odd })
    expect(run.stderr).toMatch(/code cache written/)
    expect(run.stderr.includes('\u001b')).toBe(false)
    expect(run.stderr).not.toMatch(/\nFAKE/)
  })

  it.skipIf(uid === undefined)(
    'never reads a cache file that is a link, a FIFO, or writable by others, and replaces it',
    async () => {
      await help()
      const [name] = cacheFiles()
      const file = join(folder(), name ?? '')
      const good = join(temporary, 'good-cache')
      renameSync(file, good)
      symlinkSync(good, file)
      expect((await help()).stderr).toMatch(/code cache refused/)
      expect(lstatSync(file).isFile()).toBe(true)
      rmSync(file)
      execFileSync('mkfifo', [file])
      const fifo = await help()
      expect(fifo.stderr).toMatch(/code cache refused/)
      expect(fifo.code).toBe(0)
      expect(lstatSync(file).isFile()).toBe(true)
      chmodSync(file, 0o666)
      expect((await help()).stderr).toMatch(/code cache refused/)
      expect((await help()).stderr).toMatch(/code cache accepted/)
    },
  )

  it.skipIf(uid !== 0)('never reads a cache file another user owns', async () => {
    await help()
    const [name] = cacheFiles()
    const file = join(folder(), name ?? '')
    chownSync(file, 65534, 65534)
    expect((await help()).stderr).toMatch(/code cache refused/)
    expect(statSync(file).uid).toBe(uid)
  })

  it.skipIf(uid === undefined)('never reads a folder another user could write in', async () => {
    mkdirSync(folder(), { recursive: true })
    chmodSync(folder(), 0o777)
    const run = await help()
    expect(run.stderr).toMatch(/code cache refused/)
    expect(run.code).toBe(0)
    expect(cacheFiles()).toEqual([])
  })

  it('is off with NODE_DISABLE_COMPILE_CACHE and moves with NODE_COMPILE_CACHE', async () => {
    for (const value of ['1', '0', '']) {
      const off = await help({ NODE_DISABLE_COMPILE_CACHE: value })
      expect(off.code).toBe(0)
      expect(off.stderr).toMatch(/code cache off/)
      expect(off.stderr).not.toMatch(/code cache (absent|written)/)
      expect(existsSync(folder())).toBe(false)
    }
    const moved = join(temporary, 'elsewhere')
    await help({ NODE_COMPILE_CACHE: moved })
    // Node 22+ keeps its own compile cache there too, in a folder of its own.
    expect(readdirSync(cacheFolderOf({}, uid, moved) ?? '')).toHaveLength(1)
    expect(cacheFiles()).toEqual([])
  })
})

describe('the cache folder', () => {
  it('is the user’s own, made so only its owner may enter', () => {
    const made = cacheFolderOf({}, uid, temporary) ?? ''
    expect(made.startsWith(temporary)).toBe(true)
    expect(isPrivateFolder(made, uid)).toBe(true)
    if (uid !== undefined) {
      expect(made).toContain(String(uid))
      expect(statSync(made).mode & 0o777).toBe(0o700)
    }
  })

  it.skipIf(uid === undefined)('is refused when it is a link, a file, or open to others', () => {
    const real = join(temporary, 'real')
    mkdirSync(real, { mode: 0o700 })
    const link = join(temporary, 'link')
    symlinkSync(real, link)
    expect(isPrivateFolder(link, uid)).toBe(false)
    const file = join(temporary, 'file')
    writeFileSync(file, '')
    expect(isPrivateFolder(file, uid)).toBe(false)
    chmodSync(real, 0o770)
    expect(isPrivateFolder(real, uid)).toBe(false)
    chmodSync(real, 0o700)
    expect(isPrivateFolder(real, uid)).toBe(true)
    expect(isPrivateFolder(real, (uid ?? 0) + 1)).toBe(false)
  })
})

describe('the bundle', () => {
  it('is ASCII, which the bin reads as Latin-1', () => {
    const text = readFileSync(new URL('../../dist/bin/cli.cjs', import.meta.url))
    expect(text.findIndex((byte) => byte > 0x7f)).toBe(-1)
    expect(text.toString('latin1')).toBe(text.toString('utf8'))
  })
})

describe('the cache key', () => {
  it('changes with the bundle’s text and with the command', () => {
    const text = readFileSync(new URL('../../dist/bin/cli.cjs', import.meta.url))
    const key = cacheKeyOf(text, 'mock')
    expect(cacheKeyOf(text, 'mock')).toBe(key)
    expect(cacheKeyOf(text, 'contract')).not.toBe(key)
    const edited = Buffer.from(text)
    edited[edited.length - 3] = 0x20
    expect(cacheKeyOf(edited, 'mock')).not.toBe(key)
  })

  it('keeps one cache a command, and one for everything else', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual([...COMMAND_NAMES])
    expect(COMMANDS.map((c) => commandNameOf([c.name]))).toEqual([...COMMAND_NAMES])
    expect(commandNameOf(['--help'])).toBe('other')
    expect(commandNameOf(['mockk'])).toBe('other')
    expect(commandNameOf([])).toBe('other')
  })
})
