/** What a body turned out to be: its bytes, too large, or broken mid-stream. */
export type ReadBody =
  | { kind: 'read'; bytes: ArrayBuffer }
  | { kind: 'too-large' }
  | { kind: 'broken' }

/** Reads at most `maxBytes`, stopping (and cancelling) as soon as the body is over it. */
export const readAtMost = async (
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<ReadBody> => {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return { kind: 'too-large' }
      }
      chunks.push(value)
    }
  } catch {
    return { kind: 'broken' } // the client went away, or sent broken chunked framing
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { kind: 'read', bytes: bytes.buffer }
}
