/** What a body turned out to be: its bytes, too large, or broken mid-stream (and why). */
export type ReadBody =
  | { kind: 'read'; bytes: ArrayBuffer }
  | { kind: 'too-large' }
  | { kind: 'broken'; error: unknown }

/**
 * Settles with `promise`, or rejects with the signal's reason once it aborts. A real socket honours
 * the signal by itself; an in-process transport (a Hono app's `request`) does not, and a handler
 * that never answers must still end in a timeout.
 */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> =>
  signal === undefined
    ? promise
    : new Promise<T>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason)
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        promise.then(
          (value) => {
            signal.removeEventListener('abort', onAbort)
            resolve(value)
          },
          (error: unknown) => {
            signal.removeEventListener('abort', onAbort)
            reject(error)
          },
        )
      })

/**
 * Reads at most `maxBytes` of a body, stopping (and cancelling) as soon as it is over: an endless
 * body must not exhaust memory. With a signal, each read also ends when it aborts; `onChunk` learns
 * the size of each chunk kept (to count it in a budget).
 */
export const readAtMost = async (
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  signal?: AbortSignal,
  onChunk?: (bytes: number) => void,
): Promise<ReadBody> => {
  if (body === null) return { kind: 'read', bytes: new ArrayBuffer(0) }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await untilAborted(reader.read(), signal)
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return { kind: 'too-large' }
      }
      onChunk?.(value.byteLength)
      chunks.push(value)
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    return { kind: 'broken', error } // the peer went away, broke its framing, or the time ran out
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { kind: 'read', bytes: bytes.buffer }
}

/** A fetch: the global one, or an app's `request` in-process. */
export type Fetch = (input: string, init: RequestInit) => Response | Promise<Response>

/** A request as the judge and the proxy send one: its method, headers and body, if any. */
export type OutgoingRequest = {
  readonly method: string
  readonly headers: NonNullable<RequestInit['headers']>
  readonly body?: NonNullable<RequestInit['body']> | undefined
}

/**
 * Sends `request` to `url` with `doFetch`: redirects answered, not followed (the answer itself is
 * what is judged or passed on); the signal ends it even where the transport ignores it.
 */
export const fetchUntilAborted = (
  doFetch: Fetch,
  url: string,
  request: OutgoingRequest,
  signal: AbortSignal,
): Promise<Response> =>
  untilAborted(
    Promise.resolve(
      doFetch(url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal,
      }),
    ),
    signal,
  )
