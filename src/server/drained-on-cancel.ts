/** Chunks of a refused body read and thrown away at most (of 64 KiB at most each: 256 MiB). */
const MAX_DISCARDED_READS = 4_096

/** Reads the rest of a body and throws it away; past the bound, or if it breaks, it is cancelled. */
const discardRest = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
  try {
    for (let i = 0; i < MAX_DISCARDED_READS; i++) if ((await reader.read()).done) return
  } catch {
    return // the connection broke or closed: nothing left to read
  }
  await reader.cancel().catch(() => undefined)
}

/**
 * A request's body on a node socket as a stream whose cancel reads the rest of it and throws it
 * away rather than cancelling it. Cancelled, a node request's body destroys its socket
 * (`Readable.toWeb`) under a client still sending, which reads a reset in place of the 413; read
 * to its end, the connection closes cleanly once its answer is written (lingering-close.ts, which
 * also bounds how long: at its bounds it closes the connection, and the reads here end).
 */
export const drainedOnCancel = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    // Not awaited: the refusal is answered at once, the body read on meanwhile.
    cancel: () => {
      void discardRest(reader)
    },
  })
}
