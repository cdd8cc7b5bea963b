// One file of the bin's code cache: read and written so that nothing another user planted is run
// or written through, and nothing broken reaches V8. V8 checks only a code cache's version, flags
// and source length, not its content: a cache with a flipped byte crashes the process, and one
// made for another source of the same length runs. So each file is sealed: a SHA-256 of the key
// and the code, checked before V8 sees the code.
import { createHash, randomBytes } from 'node:crypto'
import * as fs from 'node:fs'
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { readFileAtMost } from '../common/read-file-at-most.js'

/** The first bytes of a sealed file: the format's name and version. */
const MAGIC = Buffer.from('wak-code-cache-1\n')
const DIGEST_BYTES = 32

/** A cache file nobody wrote for this long is dropped when another is written: old versions, old nodes. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** The largest cache file read: the mock's is about 1 MiB; a larger one is not the bin's. */
const MAX_FILE_BYTES = 64 * 1024 * 1024

/** The names this module gives files: a cache (a key) and a file being written. */
const OWN_NAME = /^(?:[0-9a-f]{32}|\.[0-9a-f]{16}\.partial)$/

const digestOf = (key: string, code: Uint8Array) =>
  createHash('sha256').update(key).update('\0').update(code).digest()

/** `code` sealed for `key`: the magic, the digest, the code. */
const seal = (key: string, code: Uint8Array) => Buffer.concat([MAGIC, digestOf(key, code), code])

/** The code a sealed file holds for `key`, or undefined when it is not one, or broken. */
const unseal = (key: string, file: Buffer): Buffer | undefined => {
  const head = MAGIC.length + DIGEST_BYTES
  if (file.length <= head || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
  const code = file.subarray(head)
  return digestOf(key, code).equals(file.subarray(MAGIC.length, head)) ? code : undefined
}

export type CacheRead =
  | { readonly status: 'found'; readonly code: Buffer }
  | { readonly status: 'absent' | 'refused' | 'broken' }

/**
 * Reads the cache of `key` in `folder`. It is checked on the open file itself (a plain file, not a
 * link, this user's, writable by no one else), so a folder swapped after its check brings in
 * nothing foreign; a FIFO is opened without waiting for a writer, then refused. `broken`: not
 * sealed for this key (cut short, a flipped byte, another key's), or larger than any the bin writes.
 */
export const readCache = (folder: string, key: string, uid: number | undefined): CacheRead => {
  const read = readFileAtMost(fs, join(folder, key), MAX_FILE_BYTES, {
    followLinks: false,
    ownedBy: uid,
  })
  if (read.kind === 'error') return { status: read.code === 'ENOENT' ? 'absent' : 'refused' }
  if (read.kind === 'too-large') return { status: 'broken' }
  if (read.kind !== 'read') return { status: 'refused' }
  const code = unseal(
    key,
    Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength),
  )
  return code === undefined ? { status: 'broken' } : { status: 'found', code }
}

/** Removes this module's files in `folder` that nobody wrote for {@link MAX_AGE_MS}; never throws. */
const pruneStale = (folder: string, now: number) => {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return
  }
  for (const name of names.filter((n) => OWN_NAME.test(n))) {
    try {
      const stat = lstatSync(join(folder, name))
      if (stat.isFile() && now - stat.mtimeMs > MAX_AGE_MS) unlinkSync(join(folder, name))
    } catch {
      // gone meanwhile, or not ours to remove: left as it is
    }
  }
}

/**
 * Writes `code` as the cache of `key` in `folder`, whole or not at all: sealed, into a new file of
 * a random name created only where nothing is (so never through a planted link, never into a
 * FIFO), then renamed into place; then drops stale files. Never throws: the error's message, or
 * undefined once written.
 */
export const writeCache = (folder: string, key: string, code: Uint8Array, now: number) => {
  const partial = join(folder, `.${randomBytes(8).toString('hex')}.partial`)
  let fd: number | undefined
  let isCreated = false
  try {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL
    fd = openSync(partial, flags | (constants.O_NOFOLLOW ?? 0), 0o600)
    isCreated = true
    writeFileSync(fd, seal(key, code))
    closeSync(fd)
    fd = undefined
    renameSync(partial, join(folder, key))
  } catch (error) {
    try {
      if (fd !== undefined) closeSync(fd)
      if (isCreated) unlinkSync(partial)
    } catch {
      // nothing more to undo
    }
    return error instanceof Error ? error.message : String(error)
  }
  pruneStale(folder, now)
  return undefined
}

/** Removes the cache of `key` in `folder`, if any; never throws. */
export const forgetCache = (folder: string, key: string) => {
  try {
    unlinkSync(join(folder, key))
  } catch {
    // gone already
  }
}
