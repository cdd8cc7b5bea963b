import type { Recording } from '../mock/index.js'
import { createMockApp, type MockApp } from '../mock/index.js'

/**
 * `--fallback`: when the target gives no answer, the mock answers instead, from what the proxy
 * recorded so far (the organization, provider and workers the app has been using). The mock is
 * built at the first failure of an outage and kept through it, so what the app creates offline is
 * there for its next call; once the target answers again the next outage starts from the recording.
 */
export const createFallback = (recording: Recording, seed: number | undefined) => {
  let mock: MockApp | undefined
  return {
    answer: async (
      method: string,
      pathAndQuery: string,
      headers: Headers,
      body: Uint8Array<ArrayBuffer> | undefined,
    ): Promise<Response> => {
      mock ??= createMockApp({
        scenario: recording.scenario(),
        ...(seed === undefined ? {} : { seed }),
        cors: false,
      })
      const forwarded = new Headers(headers)
      forwarded.delete('host')
      return mock.request(`http://fallback.localhost${pathAndQuery}`, {
        method,
        headers: forwarded,
        ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
      })
    },
    /** The target answered: the next outage starts again from the recording. */
    targetAnswered: () => {
      mock?.stop()
      mock = undefined
    },
  }
}
export type Fallback = ReturnType<typeof createFallback>
