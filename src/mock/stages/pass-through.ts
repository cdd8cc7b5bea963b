import type { Context } from 'hono'
import { NO_BODY_STATUSES } from '../../common/is-contentful.js'
import { untrustedAnswerHeaders } from '../../common/untrusted-answer-headers.js'
import { answerProblem, type Fetch, loadForwarder } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { MOCK_PROBLEMS } from '../problems.js'
import { NO_RULES_APPLIED } from '../rules.js'
import type { recordMockExchange } from './record-exchange.js'
import type { resolveSession } from './resolve-session.js'

/** The token the mock adds to `Via` on what it passes through, and knows again when it comes back. */
const VIA = 'worker-api-kit-mock'
/** The largest answer the mock reads from its backend (it journals what it passes on). */
const MAX_PASSED_ANSWER_BYTES = 8 * 1024 * 1024

export type PassThroughOptions = {
  /** The backend: an http(s) URL without credentials, query or fragment (a path prefix is kept). */
  readonly target: URL
  /** Per request, answer included; past it the caller gets a 502 problem. */
  readonly timeoutMs: number
  /** The transport. Default `fetch`; in tests, another app's `request`. */
  readonly fetch?: Fetch | undefined
}

/** The backend as a problem names it: origin and path. */
const nameOf = (target: URL) => `${target.origin}${target.pathname}`

/**
 * `--passthrough URL`: a request for a method and path the mock does not declare goes on to the
 * app's real backend, as the proxy forwards (the headers each way by one rule), under the same
 * front guard (a page of another site never gets here), its body within the mock's own limit, and
 * its answer journalled and masked as every exchange is, marked `source: 'passthrough'`.
 */
export const passThrough = (
  options: PassThroughOptions,
  stages: {
    resolveSession: ReturnType<typeof resolveSession>
    checkBody: (c: Context<MockEnv>) => Response | undefined | Promise<Response | undefined>
    recordExchange: ReturnType<typeof recordMockExchange>
  },
) => {
  const base = `${options.target.origin}${options.target.pathname.replace(/\/+$/, '')}`
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  return async (c: Context<MockEnv>): Promise<Response> => {
    const startedAt = performance.now()
    const refused = stages.resolveSession(c) ?? (await stages.checkBody(c))
    if (refused) return refused
    const via = c.req.header('via')
    let response: Response
    if (via?.includes(VIA)) {
      response = answerProblem(c, MOCK_PROBLEMS.passthroughLoop(nameOf(options.target)))
    } else {
      const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
      const body = hasBody ? new Uint8Array(await c.req.arrayBuffer()) : undefined
      const { forwardedHeaders, forwardRequest } = await loadForwarder()
      const headers = forwardedHeaders(c.req.raw.headers, {})
      headers['via'] = via === undefined ? `1.1 ${VIA}` : `${via}, 1.1 ${VIA}`
      const url = new URL(c.req.url)
      const sent = await forwardRequest(
        {
          base,
          headers: {},
          timeoutMs: options.timeoutMs,
          maxAnswerBytes: MAX_PASSED_ANSWER_BYTES,
          fetch: fetcher,
        },
        {
          method: c.req.method,
          pathAndQuery: `${url.pathname}${url.search}`,
          headers,
          body: body?.byteLength ? body : undefined,
          signal: c.req.raw.signal,
        },
      )
      if (sent.kind === 'failed') {
        const reason =
          sent.cause instanceof Error ? `${sent.cause.name}: ${sent.cause.message}` : 'no answer'
        response = answerProblem(c, MOCK_PROBLEMS.passthroughFailed(nameOf(options.target), reason))
      } else {
        // The mock's own answer headers (CORS, set before: a plain record on /v1/*, Hono's own
        // elsewhere) win over the backend's, as the proxy's do.
        const answerHeaders = new Headers(sent.headers)
        const preset = c.get('answerHeaders') ?? Object.fromEntries(c.res.headers)
        for (const [name, value] of Object.entries(preset)) answerHeaders.set(name, value)
        // The backend wrote the body: never sniffed, and HTML never runs on the mock's origin.
        const contained = untrustedAnswerHeaders(sent.headers.get('content-type'))
        for (const [name, value] of Object.entries(contained)) answerHeaders.set(name, value)
        const isEmpty = NO_BODY_STATUSES.includes(sent.status) || c.req.method === 'HEAD'
        response = new Response(isEmpty ? null : sent.bytes, {
          status: sent.status,
          headers: answerHeaders,
        })
      }
    }
    const recorded = stages.recordExchange(
      c,
      {
        response,
        operation: undefined,
        isStreamed: false,
        rules: NO_RULES_APPLIED,
        isPassedThrough: true,
      },
      startedAt,
    )
    if (recorded) await recorded
    return response
  }
}
