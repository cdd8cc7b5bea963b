import type { Case } from '../../src/contract/cases.js'
import {
  type CheckInput,
  type Exchange,
  type ReceivedResponse,
  sentBodyOf,
} from '../../src/contract/exchange.js'

/** A case as the suite would build it; override what the test is about. */
export const aCase = (overrides: Partial<Case> = {}): Case => ({
  id: 'createWorker#1',
  operationId: 'createWorker',
  kind: 'generated',
  title: 'a case',
  expect: 'accept',
  body: { json: { name: 'w', destination: 'local' } },
  ...overrides,
})

/** A JSON answer. */
export const aResponse = (
  status: number,
  json: unknown,
  contentType = 'application/json',
): ReceivedResponse => ({
  status,
  headers: { 'content-type': contentType },
  text: JSON.stringify(json),
  json,
  isJson: true,
})

/** What a check sees for a case and an answer (or a transport error). */
export const anInput = (
  c: Case,
  answer: ReceivedResponse | Exchange['error'],
  params: Record<string, string> = {},
): CheckInput => {
  const { sentBody, sentJson } = sentBodyOf(c.body)
  const isResponse = answer !== undefined && 'status' in answer
  return {
    case: c,
    sentBody,
    sentJson,
    params,
    exchange: {
      request: { method: 'POST', url: 'http://t.test/v1/workers', headers: {}, body: sentBody },
      ...(isResponse ? { response: answer } : { error: answer }),
      durationMs: 1,
      attempts: 1,
    },
  }
}
