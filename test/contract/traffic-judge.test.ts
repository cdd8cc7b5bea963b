import { typeid } from 'typeid-js'
import { describe, expect, it } from 'vitest'
import { createTrafficJudge, type ObservedExchange } from '../../src/contract/index.js'

const JSON_TYPE = { 'content-type': 'application/json' }
const WORKER_ID = typeid('wrk').toString()
const ORG_ID = typeid('org').toString()
const AT = '2026-06-15T12:00:00.000Z'

const worker = (name: string) => ({
  id: WORKER_ID,
  orgId: ORG_ID,
  createdByUserId: 'usr_1',
  isMine: true,
  name,
  description: 'd',
  destination: 'local',
  status: 'running',
  imageVersion: '1.0.0',
  workspacePath: '/w',
  sandboxBackend: 'docker',
  lastHeartbeatAt: AT,
  lastActiveAt: AT,
  createdAt: AT,
  updatedAt: AT,
})

const exchange = (
  method: string,
  path: string,
  body: unknown,
  status: number,
  answer: unknown,
  headers: Record<string, string> = JSON_TYPE,
): ObservedExchange => ({
  method,
  path,
  url: `http://target.test${path}`,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  response: { status, headers: JSON_TYPE, text: JSON.stringify(answer) },
  durationMs: 1,
})

const CREATED = {
  worker: worker('first'),
  tokens: { owner: 'o-token-123456789', host: 'h-token-123456789', client: 'c-token-123456789' },
  instance: {
    provider: 'local',
    region: 'local',
    url: 'http://x',
    status: 'running',
    createdAt: AT,
    updatedAt: AT,
  },
  launch: { mode: 'cli', pollAfterMs: 1000 },
}

const checksOf = (verdict: { violations: readonly { check: string }[] }) =>
  verdict.violations.map((v) => v.check)

describe('the traffic judge', () => {
  it('finds nothing wrong with a valid create answered as the spec says', () => {
    const judge = createTrafficJudge()
    const verdict = judge.judge(
      exchange('POST', '/v1/workers', { name: 'first', destination: 'local' }, 201, CREATED),
    )
    expect(verdict.operationId).toBe('createWorker')
    expect(verdict.violations).toEqual([])
  })

  it('names a request that breaks a constraint and was accepted', () => {
    const judge = createTrafficJudge()
    const verdict = judge.judge(
      exchange('POST', '/v1/workers', { name: '', destination: 'local' }, 201, CREATED),
    )
    expect(checksOf(verdict)).toContain('rejects-invalid-input')
    expect(verdict.violations[0]?.message).toContain('/body/name')
  })

  it('does not blame the target for refusing an id it never confirmed', () => {
    const judge = createTrafficJudge()
    const verdict = judge.judge(
      exchange('PATCH', `/v1/workers/${WORKER_ID}`, { name: 'x' }, 404, { title: 'Not found' }),
    )
    expect(verdict.violations).toEqual([])
  })

  it('names a valid rename of a worker the target itself created, refused with a 4xx', () => {
    const judge = createTrafficJudge()
    judge.judge(
      exchange('POST', '/v1/workers', { name: 'first', destination: 'local' }, 201, CREATED),
    )
    const verdict = judge.judge(
      exchange('PATCH', `/v1/workers/${WORKER_ID}`, { name: 'x' }, 404, { title: 'Not found' }),
    )
    expect(checksOf(verdict)).toEqual(['accepts-valid-input'])
  })

  it('leaves an answer about the caller alone (401, 403, 429) even on a confirmed worker', () => {
    const judge = createTrafficJudge()
    judge.judge(
      exchange('POST', '/v1/workers', { name: 'first', destination: 'local' }, 201, CREATED),
    )
    for (const status of [401, 403, 429]) {
      const verdict = judge.judge(
        exchange('PATCH', `/v1/workers/${WORKER_ID}`, { name: 'x' }, status, { title: 't' }),
      )
      expect(verdict.violations).toEqual([])
    }
  })

  it('judges a rename against the worker its create answered (identity across calls)', () => {
    const judge = createTrafficJudge()
    judge.judge(
      exchange('POST', '/v1/workers', { name: 'first', destination: 'local' }, 201, CREATED),
    )
    const moved = { worker: { ...worker('renamed'), destination: 'cloud' } }
    const verdict = judge.judge(
      exchange('PATCH', `/v1/workers/${WORKER_ID}`, { name: 'renamed' }, 200, moved),
    )
    expect(checksOf(verdict)).toEqual(['rename-keeps-worker'])
  })

  it('expects nothing of a body sent as another media type', () => {
    const judge = createTrafficJudge()
    const verdict = judge.judge(
      exchange(
        'POST',
        '/v1/workers',
        { name: 'first', destination: 'local' },
        415,
        { title: 'Unsupported' },
        { 'content-type': 'text/plain' },
      ),
    )
    expect(verdict.violations).toEqual([])
  })

  it('judges nothing outside the API, and nothing when the target is not there at all', () => {
    const judge = createTrafficJudge()
    expect(judge.judge(exchange('GET', '/v1/workers', '', 500, {})).operationId).toBeNull()
    const down = judge.judge({
      ...exchange('POST', '/v1/workers', { name: 'a', destination: 'local' }, 0, {}),
      response: undefined,
      error: { kind: 'network', stage: 'connect', message: 'refused', code: 'ECONNREFUSED' },
    })
    expect(down.violations).toEqual([])
    const reset = judge.judge({
      ...exchange('POST', '/v1/workers', { name: 'a', destination: 'local' }, 0, {}),
      response: undefined,
      error: { kind: 'network', stage: 'connect', message: 'reset', code: 'ECONNRESET' },
    })
    expect(checksOf(reset)).toEqual(['responds'])
  })

  it('masks the tokens a create answered wherever they come back later', () => {
    const judge = createTrafficJudge()
    judge.judge(
      exchange('POST', '/v1/workers', { name: 'first', destination: 'local' }, 201, CREATED),
    )
    const verdict = judge.judge(exchange('GET', '/v1/other', '', 200, {}))
    expect(verdict.mask('the owner token is o-token-123456789.')).toBe(
      'the owner token is [REDACTED].',
    )
  })
})
