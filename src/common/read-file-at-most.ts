import { constants } from 'node:fs'
import { open } from 'node:fs/promises'

/** What a file turned out to be: absent, its text, or why it was not read. */
export type ReadFile =
  | { kind: 'absent' }
  | { kind: 'read'; text: string }
  | { kind: 'too-large' }
  | { kind: 'not-a-file' }
  | { kind: 'unreadable'; code: string }

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'

/**
 * Reads a regular file of at most `maxBytes`, without trusting what stands at the path: opened
 * without blocking (a FIFO would wait for a writer forever), checked on the open descriptor (a
 * symlink to `/dev/zero` is not a regular file), and read to `maxBytes + 1` bytes at most, so a
 * file that grows while it is read is still refused whole.
 */
export const readFileAtMost = async (path: string, maxBytes: number): Promise<ReadFile> => {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    const code = codeOf(error)
    return code === 'ENOENT' ? { kind: 'absent' } : { kind: 'unreadable', code }
  }
  try {
    if (!(await handle.stat()).isFile()) return { kind: 'not-a-file' }
    const buffer = new Uint8Array(maxBytes + 1)
    let size = 0
    // Bounded: each read adds at least one byte or ends the loop, and the buffer holds maxBytes + 1.
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null)
      if (bytesRead === 0) break
      size += bytesRead
    }
    if (size > maxBytes) return { kind: 'too-large' }
    return { kind: 'read', text: new TextDecoder().decode(buffer.subarray(0, size)) }
  } catch (error) {
    return { kind: 'unreadable', code: codeOf(error) }
  } finally {
    await handle.close()
  }
}
