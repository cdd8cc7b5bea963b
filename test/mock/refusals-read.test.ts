import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../src/mock/app.js'
import { startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { sendThenRead } from '../helpers/send-then-read.js'

const { servers } = cleanUpAfterEach<Awaited<ReturnType<typeof startMockServer>>>()

describe('the mock refusing a body over its limit', () => {
  it.each([
    ['with its Content-Length', false],
    ['chunked', true],
  ])(
    'lets a client that reads once it has sent the body (%s) read its 413, no reset',
    async (_, chunked) => {
      const mock = await startMockServer({ port: 0, host: '127.0.0.1' })
      servers.push(mock)

      const outcome = await sendThenRead(mock.url, 8 * MAX_BODY_BYTES, { chunked })

      expect.soft(outcome.error).toBeUndefined()
      expect.soft(outcome.text).toMatch(/^HTTP\/1\.1 413 /)
      expect.soft(outcome.text).toMatch(/\r\nconnection: close\r\n/i)
    },
  )
})
