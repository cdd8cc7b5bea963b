import type { Context } from 'hono'
import { redactText } from '../../common/redact.js'
import {
  type Journal,
  journalHeaders,
  journalRequestBody,
  journalResponse,
  requestHeaderPairs,
  type WrittenAnswer,
} from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { isoTime } from '../internal/iso-time.js'
import { createRequestSecrets } from '../request-secrets.js'
import type { AppliedRule } from '../rules.js'

/** How a request was answered: the answer, whether a fault streams it, the rules that applied. */
export type Answered = {
  readonly response: Response
  /** A `truncate` fault streams the answer: the journal must not read it. */
  readonly isStreamed: boolean
  readonly rules: readonly AppliedRule[]
  /** The `Prefer` override that shaped the answer (`code=429`), when one did. */
  readonly prefer?: string
  /** What `response` was written from, with `c.json` (a value) or `c.body` (a text). */
  readonly written?: WrittenAnswer
}

/** Every API request in the journal, including those a rule or a check answered. */
export const recordExchange = (journal: Journal) => {
  const secretsOf = createRequestSecrets()
  return async (c: Context<MockEnv>, answered: Answered, startedAt: number) => {
    const url = c.req.url
    const secrets = secretsOf(c.get('session'), c.req.header('authorization'))
    const queryAt = url.indexOf('?')
    const { status } = answered.response
    journal.record({
      at: isoTime(c.get('now')),
      session: c.get('session').id,
      operationId: c.get('operation')?.operationId ?? null,
      method: c.req.method,
      path: secrets.mask(c.req.path),
      query: queryAt === -1 ? '' : secrets.mask(redactText(url.slice(queryAt))),
      status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      request: {
        contentType: c.req.header('content-type') ?? null,
        authorization: c.req.header('authorization') ?? null,
        body: await journalRequestBody(c.req, status, secrets),
        // After the body: the masker knows the key the body carried.
        headers: journalHeaders(requestHeaderPairs(c.req.raw, c.env), secrets.mask),
      },
      response: await journalResponse(answered.response, {
        isStreamed: answered.isStreamed,
        secrets,
        ...(answered.written ? { written: answered.written } : {}),
      }),
      rules: answered.rules,
      prefer: answered.prefer ?? null,
    })
  }
}
