// V8's compiled code of the CLI's bundle, kept on disk between starts: the bytecode of every
// function a command ran, not only of the top level. Node's own compile cache
// (`module.enableCompileCache`, Node 22.1+) keeps a module's code as it is right after its compile,
// before any of its functions ran, so each start compiled Zod's, Hono's and the kit's functions
// again; Node 20 has no cache at all. Measured to the mock's first answer (bench/PROFILE.md): about
// 95 ms less CPU on Node 20 and 24, 40 ms on Node 22. Where it lives: code-cache-folder.ts; how a
// file of it is read and written: code-cache-file.ts.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { debuglog } from 'node:util'
import { Script } from 'node:vm'
import { printable } from '../common/printable.js'
import { readCache, writeCache } from './code-cache-file.js'
import { cacheFolderOf, isPrivateFolder } from './code-cache-folder.js'

/** `NODE_DEBUG=worker-api-kit` prints what the cache did, one line each (docs/cli.md). */
const debuglogOfKit = debuglog('worker-api-kit')
const debug = (what: string, path: string) =>
  debuglogOfKit('code cache %s: %s', what, printable(path))

/** How long after its start a long-running command (the mock, the proxy) writes its cache. */
const WARM_MS = 5_000

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
  const uid = process.getuid?.()
  const isUsable = folder !== undefined && isPrivateFolder(folder, uid)
  const key = cacheKeyOf(bundle, command)
  const read = isUsable ? readCache(folder, key, uid) : undefined
  const cachedData = read?.status === 'found' ? read.code : undefined
  // ASCII (scripts/bundle-bin.mjs escapes every other character): Latin-1 reads it 4× faster.
  const script = new Script(bundle.toString('latin1'), { filename: file, cachedData })
  const isAccepted = cachedData !== undefined && !script.cachedDataRejected
  if (folder === undefined) debug('off', 'NODE_DISABLE_COMPILE_CACHE')
  else if (!isUsable) debug('refused', `${folder} is not private`)
  else
    debug(
      isAccepted ? 'accepted' : read?.status === 'found' ? 'rejected' : `${read?.status}`,
      `${folder}/${key}`,
    )
  if (isUsable && !isAccepted) {
    let isWritten = false
    const write = () => {
      if (isWritten) return
      isWritten = true
      if (!isPrivateFolder(folder, uid)) return debug('not written', `${folder} is not private`)
      const failure = writeCache(folder, key, script.createCachedData(), Date.now())
      debug(failure === undefined ? 'written' : 'not written', failure ?? `${folder}/${key}`)
    }
    setTimeout(write, WARM_MS).unref()
    process.once('exit', write)
  }
  const run: unknown = script.runInThisContext()
  if (typeof run !== 'function') throw new TypeError(`${file} is not a bundle of the CLI`)
  const module = { exports: {} }
  run(module.exports, createRequire(file), module, file, dirname(file))
}
