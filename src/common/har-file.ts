import { type FileSystem, readFileAtMost, unreadReason } from './read-file-at-most.js'

/**
 * The largest HAR file read (`mock --scenario FILE.har`, `contract --replay`, `pact`). A browser's
 * HAR holds every page, script and image the page loaded beside the API's exchanges: it is read
 * whole, so it gets more room than a scenario.
 * assumption: see docs/limits.md#limits
 */
export const MAX_HAR_FILE_BYTES = 32 * 1024 * 1024

/** A HAR file's JSON, read within its bound (a FIFO, a device, a directory refused unread); or why not. */
export const readHarFile = (
  fs: FileSystem,
  file: string,
): { readonly raw: unknown } | { readonly problem: string } => {
  const read = readFileAtMost(fs, file, MAX_HAR_FILE_BYTES)
  if (read.kind === 'too-large')
    return { problem: `too large; a HAR file has at most ${MAX_HAR_FILE_BYTES} bytes` }
  if (read.kind !== 'read')
    return { problem: `cannot read it (${unreadReason(read, MAX_HAR_FILE_BYTES)})` }
  try {
    return { raw: JSON.parse(new TextDecoder().decode(read.bytes)) }
  } catch (error) {
    return { problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
}
