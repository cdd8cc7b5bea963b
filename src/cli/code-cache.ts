// V8's compiled code of the CLI's bundle, kept on disk between starts: the bytecode of every
// function a command ran, not only of the top level. Node's own compile cache
// (`module.enableCompileCache`, Node 22.1+) keeps a module's code as it is right after its compile,
// before any of its functions ran, so each start compiled Zod's, Hono's and the kit's functions
// again; Node 20 has no cache at all. Measured to the mock's first answer (bench/PROFILE.md): about
// 95 ms less CPU on Node 20 and 24, 40 ms on Node 22.
import { createHash } from 'node:crypto'
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { debuglog } from 'node:util'
import { Script } from 'node:vm'

/** `NODE_DEBUG=worker-api-kit` prints what the cache did (accepted, rejected, written, refused). */
const debug = debuglog('worker-api-kit')

/** A cache file nobody wrote for this long is dropped when another is written: old versions, old nodes. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** How long after its start a long-running command (the mock, the proxy) writes its cache. */
const WARM_MS = 5_000

/**
 * The folder of the cache, or undefined when there is none: `NODE_DISABLE_COMPILE_CACHE` (Node's
 * own switch for the same idea) turns it off; `NODE_COMPILE_CACHE` moves it, as it moves Node's.
 * Per user: the system's temporary folder is shared, and code read from there runs as whoever
 * reads it.
 */
export const cacheFolderOf = (
  env: Readonly<Record<string, string | undefined>>,
  uid: number | undefined = process.getuid?.(),
  temporary: string = tmpdir(),
): string | undefined => {
  if (env['NODE_DISABLE_COMPILE_CACHE'] !== undefined && env['NODE_DISABLE_COMPILE_CACHE'] !== '')
    return undefined
  const base = env['NODE_COMPILE_CACHE'] || temporary
  return join(base, uid === undefined ? 'worker-api-kit-code' : `worker-api-kit-code-${uid}`)
}

/**
 * Whether `folder` may hold code this process runs: made if missing (only its owner may enter),
 * then a real folder (not a link), owned by this user, that no one else may write in. Another
 * user of the machine who could plant a file there could run code as this one.
 */
export const isPrivateFolder = (folder: string, uid: number | undefined = process.getuid?.()) => {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    const stat = lstatSync(folder)
    if (!stat.isDirectory()) return false
    // Windows has no owners or modes here; its temporary folder is the user's own.
    if (uid === undefined) return true
    return stat.uid === uid && (stat.mode & 0o022) === 0
  } catch {
    return false
  }
}

/**
 * The cache file's name: the bundle's text, this Node (its version and architecture) and the
 * command, whose functions the cache holds. Not the flags: V8 refuses code made under other flags
 * of its own, and then the file is written again.
 */
export const cacheKeyOf = (bundle: Uint8Array, command: string) =>
  createHash('sha256')
    .update(bundle)
    .update(JSON.stringify([process.version, process.arch, command]))
    .digest('hex')
    .slice(0, 32)

/** Writes `data` whole or not at all: a reader never sees half a file; drops files gone stale. */
const writeCache = (folder: string, file: string, data: Uint8Array, now: number) => {
  const partial = `${file}.${process.pid}.partial`
  try {
    writeFileSync(partial, data, { mode: 0o600 })
    renameSync(partial, file)
    debug('code cache written: %s (%d bytes)', file, data.length)
    for (const name of readdirSync(folder)) {
      const other = join(folder, name)
      if (now - lstatSync(other).mtimeMs > MAX_AGE_MS) rmSync(other, { force: true })
    }
  } catch (error) {
    rmSync(partial, { force: true })
    debug('code cache not written: %s', error instanceof Error ? error.message : String(error))
  }
}

/** Reads a cache file, or undefined (none yet, or not a plain file). */
/**
 * Reads a cache file: its bytes, `absent` (none yet), or `refused` (not one this user wrote). What
 * is read is checked on the open file itself (a plain file, not a link, this user's, writable by no
 * one else), so a folder swapped between {@link isPrivateFolder}'s check and this read brings in
 * nothing foreign; a FIFO is opened without waiting for a writer, then refused.
 */
const readCache = (file: string, uid: number | undefined): Buffer | 'absent' | 'refused' => {
  let fd: number | undefined
  try {
    // Neither flag exists on Windows, whose temporary folder is the user's own.
    fd = openSync(
      file,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    )
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ENOENT'
      ? 'absent'
      : 'refused'
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return 'refused'
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return 'refused'
    return readFileSync(fd)
  } catch {
    return 'refused'
  } finally {
    closeSync(fd)
  }
}

/**
 * Runs the bundle at `file` with the code the cache holds for `command`. The bundle is one
 * function expression of `(exports, require, module, __filename, __dirname)`, as Node wraps a
 * CommonJS file. Without a usable cache it compiles as usual, and writes the cache once the command
 * has warmed: when the process exits or after {@link WARM_MS}, whichever is first.
 */
export const runCached = (
  file: string,
  command: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
) => {
  const bundle = readFileSync(file)
  const folder = cacheFolderOf(env)
  const usable = folder !== undefined && isPrivateFolder(folder)
  if (folder !== undefined && !usable) debug('code cache refused: %s is not private', folder)
  const cacheFile = usable ? join(folder, cacheKeyOf(bundle, command)) : undefined
  const read = cacheFile === undefined ? 'absent' : readCache(cacheFile, process.getuid?.())
  const cachedData = typeof read === 'string' ? undefined : read
  // ASCII (scripts/bundle-bin.mjs escapes every other character): Latin-1 reads it 4× faster.
  const script = new Script(bundle.toString('latin1'), { filename: file, cachedData })
  const accepted = cachedData !== undefined && !script.cachedDataRejected
  if (folder === undefined) debug('code cache off (NODE_DISABLE_COMPILE_CACHE)')
  else if (cacheFile !== undefined)
    debug('code cache %s: %s', accepted ? 'accepted' : cachedData ? 'rejected' : read, cacheFile)
  if (cacheFile !== undefined && folder !== undefined && !accepted) {
    let isWritten = false
    const write = () => {
      if (isWritten) return
      isWritten = true
      writeCache(folder, cacheFile, script.createCachedData(), Date.now())
    }
    setTimeout(write, WARM_MS).unref()
    process.once('exit', write)
  }
  const run: unknown = script.runInThisContext()
  if (typeof run !== 'function') throw new TypeError(`${file} is not a bundle of the CLI`)
  const module = { exports: {} }
  run(module.exports, createRequire(file), module, file, dirname(file))
}
