import { connect } from 'node:net'

/** What a raw client read, and the error its connection met, if any. */
export type ReadAfterSending = { text: string; error: string | undefined }

/**
 * POSTs a JSON request with `bytes` of body and `Connection: close` over a raw socket (`chunked`:
 * in 64 KiB chunks, else with its Content-Length) and reads nothing of the answer before the whole
 * body is sent, as a client does that reads only once it has sent (a browser's form post).
 * Resolves when the connection closes, with all it read. Builders only: no assertions here.
 */
export const sendThenRead = (
  url: string,
  bytes: number,
  { chunked = false, path = '/v1/workers', timeoutMs = 8_000 } = {},
) =>
  new Promise<ReadAfterSending>((resolve) => {
    const { hostname, port } = new URL(url)
    const outcome: ReadAfterSending = { text: '', error: undefined }
    const socket = connect({ host: hostname, port: Number(port) })
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('no answer in time')))
    socket.pause()
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      outcome.text += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message
    })
    socket.on('close', () => resolve(outcome))
    const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\nconnection: close\r\n${framing}\r\n\r\n`,
    )
    const filler = Buffer.alloc(64 * 1024, 'd')
    const framed = (chunk: Buffer) =>
      chunked
        ? Buffer.concat([
            Buffer.from(`${chunk.byteLength.toString(16)}\r\n`),
            chunk,
            Buffer.from('\r\n'),
          ])
        : chunk
    let left = bytes
    const writeOn = () => {
      while (left > 0) {
        const chunk = filler.subarray(0, Math.min(filler.byteLength, left))
        left -= chunk.byteLength
        if (!socket.write(framed(chunk))) {
          socket.once('drain', writeOn)
          return
        }
      }
      if (chunked) socket.write('0\r\n\r\n')
      // Sent whole: now read the answer, to the end of the connection.
      socket.resume()
    }
    writeOn()
  })
