import { randomBytes } from 'node:crypto'
import { closeSync, fstatSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { printable } from '../common/printable.js'
import type { Recording } from '../mock/index.js'

/** How long writes wait for more changes: a burst of requests is one write. */
const DEBOUNCE_MS = 200
/** Only the developer reads a recording: it holds their staging's ids and data. */
const FILE_MODE = 0o600

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : String(error)

/**
 * Writes `text` to `path` through a new file beside it, renamed over it: a reader (or a
 * `mock --watch`) never sees half a file, and a proxy killed mid-write leaves the last one whole.
 * The new file's name is random and it is created exclusively, so nothing planted in the folder (a
 * symlink at a guessable name) can redirect the write.
 */
const writeWhole = (path: string, text: string): Written => {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(12).toString('hex')}.tmp`)
  const fd = openSync(temporary, 'wx', FILE_MODE)
  try {
    let written: Written
    try {
      writeSync(fd, text)
      written = identityOf(fstatSync(fd))
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, path)
    return written
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** What identifies the file a write left: a file put there since (a copy, an editor's save) differs. */
type Written = {
  readonly ino: number
  readonly dev: number
  readonly size: number
  readonly mtimeMs: number
}
const identityOf = (stat: {
  ino: number
  dev: number
  size: number
  mtimeMs: number
}): Written => ({
  ino: stat.ino,
  dev: stat.dev,
  size: stat.size,
  mtimeMs: stat.mtimeMs,
})

/** Whether `path` is still the file the last write left there, or gone (then a new one may be written). */
const isStillOurs = (path: string, last: Written | undefined): boolean => {
  if (last === undefined) return true
  let now: Written
  try {
    now = identityOf(lstatSync(path))
  } catch (error) {
    return codeOf(error) === 'ENOENT'
  }
  return (
    now.ino === last.ino &&
    now.dev === last.dev &&
    now.size === last.size &&
    now.mtimeMs === last.mtimeMs
  )
}

/**
 * Keeps `path` equal to the recording: written whole after each burst of changes. A write that
 * fails (the folder gone, the disk full) never stops the proxy: it is said once on `log`, shown by
 * `error()` (health), and tried again at the next change and on stop.
 */
export const createRecordFile = (
  path: string,
  recording: Recording,
  log: (line: string) => void,
) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  let error: string | undefined
  let last: Written | undefined
  /** Says a failure once (again only when it changes), and shows it in health until a write works. */
  const failed = (message: string, advice: string) => {
    if (message !== error) log(`[worker-api-kit] ${message}; ${advice}`)
    error = message
  }
  const write = () => {
    timer = undefined
    // Replaced or edited by someone since the last write: theirs now, never overwritten.
    if (!isStillOurs(path, last))
      return failed(
        `${printable(path, 200)} changed since the proxy wrote it, so it is not overwritten`,
        'move it away to go on recording there, or restart the proxy with another --record.',
      )
    try {
      last = writeWhole(path, recording.text())
      if (error !== undefined)
        log(`[worker-api-kit] the recording is written to ${printable(path, 200)} again.`)
      error = undefined
    } catch (failure) {
      failed(
        `cannot write ${printable(path, 200)} (${printable(codeOf(failure), 100)})`,
        'the proxy goes on and tries again at the next change: check the folder and the free space.',
      )
    }
  }
  return {
    changed: () => {
      timer ??= setTimeout(write, DEBOUNCE_MS)
    },
    /** Writes now (on start, and on stop: nothing recorded is lost). Returns the error, if any. */
    flush: () => {
      if (timer) clearTimeout(timer)
      write()
      return error
    },
    /** Why the last write failed, or undefined when it succeeded. */
    error: () => error,
  }
}
