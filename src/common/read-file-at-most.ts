/** What a file that is not a regular one turned out to be. */
type NotAFile = 'directory' | 'FIFO' | 'device' | 'socket' | 'other'

/** A file read within its bound: its bytes, too large, not a regular file, or an error's code. */
export type ReadFile =
  | { readonly kind: 'read'; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'not-a-file'; readonly is: NotAFile }
  | { readonly kind: 'not-owned' }
  | { readonly kind: 'error'; readonly code: string }

/**
 * What a reader may refuse besides: a link as the path's last part (`followLinks: false`, an error
 * `ELOOP`), and a file that user `ownedBy` does not own or that others may write (`not-owned`).
 */
export type ReadFileOptions = {
  readonly followLinks?: boolean
  /** Undefined: no owner to check (Windows has none here). */
  readonly ownedBy?: number | undefined
}

/** The parts of node:fs the reader needs: passed in, so a browser bundle never imports node:fs. */
export type FileSystem = Pick<
  typeof import('node:fs'),
  'openSync' | 'fstatSync' | 'readSync' | 'closeSync' | 'constants'
>

/** Bytes read at a time; a file is read chunk by chunk up to its bound, never whole. */
const CHUNK_BYTES = 64 * 1024

const notAFile = (stat: import('node:fs').Stats): NotAFile =>
  stat.isDirectory()
    ? 'directory'
    : stat.isFIFO()
      ? 'FIFO'
      : stat.isCharacterDevice() || stat.isBlockDevice()
        ? 'device'
        : stat.isSocket()
          ? 'socket'
          : 'other'

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'EUNKNOWN'

/**
 * Reads a regular file of at most `maxBytes`. Opens it without blocking (opening a FIFO for
 * reading would wait for a writer), checks the open handle with fstat (a stat before the open could
 * be raced by a swapped path), and reads at most `maxBytes + 1` bytes: a symlink to `/dev/zero`, a
 * FIFO, a directory or a file that grows as it is read never costs more than the bound.
 */
export const readFileAtMost = (
  fs: FileSystem,
  file: string,
  maxBytes: number,
  options: ReadFileOptions = {},
): ReadFile => {
  let fd: number
  try {
    // O_NOFOLLOW and O_NONBLOCK are undefined on Windows: there, neither applies.
    const noFollow = options.followLinks === false ? (fs.constants.O_NOFOLLOW ?? 0) : 0
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | noFollow)
  } catch (error) {
    return { kind: 'error', code: codeOf(error) }
  }
  try {
    const stat = fs.fstatSync(fd)
    if (!stat.isFile()) return { kind: 'not-a-file', is: notAFile(stat) }
    const { ownedBy } = options
    if (ownedBy !== undefined && (stat.uid !== ownedBy || (stat.mode & 0o022) !== 0))
      return { kind: 'not-owned' }
    if (stat.size > maxBytes) return { kind: 'too-large' }
    // The size said is not trusted (a file can grow, /proc files say 0): read until the end or past the bound.
    const chunks: Uint8Array<ArrayBuffer>[] = []
    let size = 0
    for (;;) {
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, maxBytes + 1 - size))
      const read = fs.readSync(fd, chunk, 0, chunk.byteLength, null)
      if (read === 0) break
      size += read
      if (size > maxBytes) return { kind: 'too-large' }
      chunks.push(chunk.subarray(0, read))
    }
    const bytes = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    return { kind: 'read', bytes }
  } catch (error) {
    return { kind: 'error', code: codeOf(error) }
  } finally {
    fs.closeSync(fd)
  }
}

/** Why a file was not read, for a one-line message: `EACCES`, `EISDIR`, `a FIFO, not a regular file`. */
export const unreadReason = (read: Exclude<ReadFile, { kind: 'read' }>, maxBytes: number) => {
  if (read.kind === 'error') return read.code
  if (read.kind === 'too-large') return `over ${maxBytes} bytes`
  if (read.kind === 'not-owned') return "another user's, or writable by others"
  if (read.is === 'directory') return 'EISDIR'
  return read.is === 'other' ? 'not a regular file' : `a ${read.is}, not a regular file`
}
