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
import { forgetCache, readCache, writeCache } from './code-cache-file.js'
import { cacheFolderOf, privateFolder } from './code-cache-folder.js'

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
  const key = cacheKeyOf(bundle, command)
  const uid = process.getuid?.()
  const wanted = cacheFolderOf(env)
  const place = wanted === undefined ? undefined : privateFolder(wanted, uid)
  const folder = place !== undefined && 'folder' in place ? place.folder : undefined
  const read = folder === undefined ? undefined : readCache(folder, key, uid)
  const cachedData = read?.status === 'found' ? read.code : undefined
  // ASCII (scripts/bundle-bin.mjs escapes every other character): Latin-1 reads it 4× faster.
  const source = bundle.toString('latin1')
  const script = new Script(source, { filename: file, cachedData })
  const isAccepted = cachedData !== undefined && !script.cachedDataRejected
  if (place === undefined) debug('off', 'NODE_DISABLE_COMPILE_CACHE')
  else if ('refused' in place) debug('refused', place.refused)
  else
    debug(
      isAccepted ? 'accepted' : read?.status === 'found' ? 'rejected' : `${read?.status}`,
      `${folder}/${key}`,
    )
  if (folder !== undefined && !isAccepted) {
    let isWritten = false
    const write = () => {
      if (isWritten) return
      isWritten = true
      const again = privateFolder(folder, uid)
      if ('refused' in again) return debug('not written', again.refused)
      const failure = writeCache(again.folder, key, script.createCachedData(), Date.now())
      debug(failure === undefined ? 'written' : 'not written', failure ?? `${again.folder}/${key}`)
    }
    setTimeout(write, WARM_MS).unref()
    process.once('exit', write)
  }
  let run: unknown = script.runInThisContext()
  if (typeof run !== 'function' && isAccepted && folder !== undefined) {
    // Code the bin did not make (a file sealed by hand): dropped, and the bundle compiled afresh.
    // A text V8 has not seen (a line feed more), or it answers from what it compiled above.
    debug('forgotten', `${folder}/${key} held no code of this bundle`)
    forgetCache(folder, key)
    run = new Script(`${source}\n`, { filename: file }).runInThisContext()
  }
  if (typeof run !== 'function') throw new TypeError(`${file} is not a bundle of the CLI`)
  const module = { exports: {} }
  run(module.exports, createRequire(file), module, file, dirname(file))
}
