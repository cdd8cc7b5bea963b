// Where the bin's code cache lives, and whether a folder may hold it: code read from a file runs
// as whoever reads it, so the folder must be one no other user of the machine can write in, swap
// or plant a file in.
import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'

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
  stat.isDirectory() &&
  (stat.uid === uid || stat.uid === 0) &&
  ((stat.mode & 0o022) === 0 || (stat.mode & 0o1000) !== 0)

/** The first folder of `real` (a path without links), from the root down, that another user could change; undefined if none. */
const unguardedAncestor = (real: string, uid: number): string | undefined => {
  const chain: string[] = []
  for (let dir = real; ; dir = dirname(dir)) {
    chain.unshift(dir)
    if (dirname(dir) === dir) break
  }
  return chain.find((dir) => !isGuarded(lstatSync(dir), uid))
}

/** A folder the cache may use (its real path), or why not. */
export type PrivateFolder = { readonly folder: string } | { readonly refused: string }

/**
 * `folder` as the cache may use it. Its parent is made if missing, and taken without links; every
 * folder from the root down to it must be one no other user could swap or fill (this user's or
 * root's, and sticky if others may write there, as /tmp is). Then the folder is made if missing
 * (only its owner may enter) and must be a real folder (not a link), this user's, which they may
 * read, write and enter and no one else may write in. Another user who could plant a file there,
 * or swap a folder on its path, could run code as this one.
 */
export const privateFolder = (
  folder: string,
  uid: number | undefined = process.getuid?.(),
): PrivateFolder => {
  try {
    mkdirSync(dirname(folder), { recursive: true, mode: 0o700 })
    const parent = realpathSync(dirname(folder))
    const unguarded = uid === undefined ? undefined : unguardedAncestor(parent, uid)
    if (unguarded !== undefined) return { refused: `${unguarded} is open to other users` }
    const real = join(parent, basename(folder))
    mkdirSync(real, { recursive: true, mode: 0o700 })
    const stat = lstatSync(real)
    if (!stat.isDirectory()) return { refused: `${real} is not a folder` }
    // Windows has no owners or modes here; its temporary folder is the user's own.
    if (uid === undefined) return { folder: real }
    const isOwn = stat.uid === uid && (stat.mode & 0o700) === 0o700 && (stat.mode & 0o022) === 0
    return isOwn ? { folder: real } : { refused: `${real} is not this user's alone` }
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) }
  }
}

/** Whether `folder` may hold the cache (see {@link privateFolder}). */
export const isPrivateFolder = (folder: string, uid: number | undefined = process.getuid?.()) =>
  'folder' in privateFolder(folder, uid)
