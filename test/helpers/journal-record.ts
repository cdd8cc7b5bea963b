// A journal entry as the mock records it (a create), for tests of the journal itself. Builders only.
import { journalBody } from '../../src/server/journal.js'

/** A create's record in `session`, with `bodyText` as its request body. */
export const journalRecord = (bodyText: string, session = '') => ({
  at: '2026-01-01T00:00:00.000Z',
  session,
  operationId: 'createWorker' as const,
  method: 'POST',
  path: '/v1/workers',
  query: '',
  status: 201,
  durationMs: 1,
  request: { contentType: 'application/json', authorization: null, body: journalBody(bodyText) },
})
