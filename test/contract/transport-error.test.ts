import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { describeTransportError } from '../../src/contract/transport-error.js'

/** An error shaped as undici builds them: a name, an own `code` (possibly `undefined`). */
const undiciError = (name: string, message: string, code: string | undefined) =>
  Object.assign(new Error(message), { name, code })

const fetchFailed = (cause: Error) => new TypeError('fetch failed', { cause })

describe('describeTransportError', () => {
  it('calls an llhttp parser error with an HPE_ code malformed (Node 20 and 22)', () => {
    const error = fetchFailed(
      undiciError('HTTPParserError', 'Expected HTTP/', 'HPE_INVALID_CONSTANT'),
    )
    expect(describeTransportError(error, 1000, 'connect')).toEqual({
      kind: 'malformed',
      stage: 'connect',
      message: 'not valid HTTP: Expected HTTP/ (HPE_INVALID_CONSTANT)',
      code: 'HPE_INVALID_CONSTANT',
    })
  })

  it('calls an llhttp parser error whose code is undefined malformed (Node 24)', () => {
    const error = fetchFailed(
      undiciError('HTTPParserError', 'Expected HTTP/, RTSP/ or ICE/', undefined),
    )
    expect(describeTransportError(error, 1000, 'connect')).toMatchObject({
      kind: 'malformed',
      code: 'HTTPParserError',
    })
  })

  it('keeps a refused connection a network error', () => {
    const error = fetchFailed(undiciError('Error', 'connect ECONNREFUSED', 'ECONNREFUSED'))
    expect(describeTransportError(error, 1000, 'connect')).toMatchObject({
      kind: 'network',
      code: 'ECONNREFUSED',
    })
  })

  it("calls bytes that are not HTTP malformed on this process's own fetch", async () => {
    const server = createServer((socket) => {
      socket.once('data', () => socket.end('garbage garbage\r\n\r\n'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      const error = await fetch(`http://127.0.0.1:${port}/`).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      expect(describeTransportError(error, 1000, 'connect').kind, process.version).toBe('malformed')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
