// Where the bin's code cache lives, and whether a folder may hold it: code read from a file runs
// as whoever reads it, so the folder must be one no other user of the machine can write in, swap
// or plant a file in.
import { lstatSync, mkdirSync, type Stats } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

/**
 * The folder of the cache, or undefined when there is none: `NODE_DISABLE_COMPILE_CACHE` (Node's
 * own switch for the same idea: set to anything, even empty, as Node reads it) turns it off;
 * `NODE_COMPILE_CACHE` moves it, as it moves Node's (a relative path from the working folder).
 * Per user: the system's temporary folder is shared.
 */
export const cacheFolderOf = (
  env: Readonly<Record<string, string | undefined>>,
  uid: number | undefined = process.getuid?.(),
  temporary: string = tmpdir(),
): string | undefined => {
  if (env['NODE_DISABLE_COMPILE_CACHE'] !== undefined) return undefined
  const base = resolve(env['NODE_COMPILE_CACHE'] || temporary)
  return join(base, uid === undefined ? 'worker-api-kit-code' : `worker-api-kit-code-${uid}`)
}

/** Whether only this user (and root) may change what `stat`'s folder holds: owned by one of them, sticky if others may write. */
const isGuarded = (stat: Stats, uid: number) =>
  (stat.uid === uid || stat.uid === 0) && ((stat.mode & 0o022) === 0 || (stat.mode & 0o1000) !== 0)

/**
 * Whether `folder` may hold code this process runs. It is made if missing (only its owner may
 * enter), then must be a real folder (not a link), this user's, which they may read, write and
 * enter and no one else may write in; and its parent must be one no one else can swap it out of
 * (this user's or root's, and sticky if others may write there, as /tmp is).
 */
export const isPrivateFolder = (folder: string, uid: number | undefined = process.getuid?.()) => {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    const stat = lstatSync(folder)
    if (!stat.isDirectory()) return false
    // Windows has no owners or modes here; its temporary folder is the user's own.
    if (uid === undefined) return true
    const isOwn = stat.uid === uid && (stat.mode & 0o700) === 0o700 && (stat.mode & 0o022) === 0
    return isOwn && isGuarded(lstatSync(dirname(folder)), uid)
  } catch {
    return false
  }
}
