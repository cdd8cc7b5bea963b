import { renameSync, writeFileSync } from 'node:fs'
import type { Recording } from './recording.js'

/** How long writes wait for more changes: a burst of requests is one write. */
const DEBOUNCE_MS = 200

/**
 * Keeps `path` equal to the recording: written whole after each burst of changes, through a
 * temporary file renamed over it, so a reader (or a `mock --watch`) never sees half a file and a
 * proxy killed mid-write leaves the last complete recording.
 */
export const createRecordFile = (path: string, recording: Recording) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    timer = undefined
    const temporary = `${path}.${process.pid}.tmp`
    writeFileSync(temporary, `${JSON.stringify(recording.scenario(), null, 2)}\n`)
    renameSync(temporary, path)
  }
  return {
    changed: () => {
      timer ??= setTimeout(write, DEBOUNCE_MS)
    },
    /** Writes now (on start, and on stop: nothing recorded is lost). */
    flush: () => {
      if (timer) clearTimeout(timer)
      write()
    },
  }
}
