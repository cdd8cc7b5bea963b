import { randomBytes } from 'node:crypto'
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { printable } from '../common/printable.js'
import type { Recording } from './recording.js'

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
const writeWhole = (path: string, text: string) => {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(12).toString('hex')}.tmp`)
  const fd = openSync(temporary, 'wx', FILE_MODE)
  try {
    try {
      writeSync(fd, text)
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, path)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
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
  const write = () => {
    timer = undefined
    try {
      writeWhole(path, recording.text())
      if (error !== undefined)
        log(`[worker-api-kit] the recording is written to ${printable(path, 200)} again.`)
      error = undefined
    } catch (failure) {
      const message = `cannot write ${printable(path, 200)} (${printable(codeOf(failure), 100)})`
      if (message !== error)
        log(
          `[worker-api-kit] ${message}; the proxy goes on and tries again at the next change: check the folder and the free space.`,
        )
      error = message
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
