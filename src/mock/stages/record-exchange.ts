import type { Context } from 'hono'
import { redactText } from '../../common/redact.js'
import type { MockEnv } from '../env.js'
import type { MatchedOperation } from '../internal/match-operation.js'
import { type Journal, journalRequestBody } from '../journal.js'

/** Every API request in the journal, including those a rule or a check answered. */
export const recordExchange =
  (journal: Journal) =>
  async (
    c: Context<MockEnv>,
    operation: MatchedOperation | undefined,
    status: number,
    startedAt: number,
  ) => {
    const url = c.req.url
    const queryAt = url.indexOf('?')
    journal.record({
      at: new Date(c.get('now')).toISOString(),
      session: c.get('session').id,
      operationId: operation?.operationId ?? null,
      method: c.req.method,
      path: c.req.path,
      query: queryAt === -1 ? '' : redactText(url.slice(queryAt)),
      status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      request: {
        contentType: c.req.header('content-type') ?? null,
        authorization: c.req.header('authorization') ?? null,
        body: await journalRequestBody(c.req, status),
      },
    })
  }
