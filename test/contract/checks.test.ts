import { describe, expect, it } from 'vitest'
import { checks } from '../../src/contract/checks/index.js'
import { createMockApp } from '../../src/mock/app.js'
import { aCase, anInput, aResponse } from '../helpers/exchanges.js'
import { send } from '../helpers/send.js'

const check = (id: string) => {
  const found = checks.find((c) => c.id === id)
  if (!found) throw new Error(`no check ${id}`)
  return found
}

/** A real create answer of our mock: valid by construction (it passes the whole suite). */
const createdBody = async (body: object = { name: 'w', destination: 'local' }) =>
  (await send(createMockApp(), 'POST', '/v1/workers', body)).body as Record<string, unknown>

describe('checks', () => {
  it('have unique, stable kebab-case ids and name a spec section', () => {
    const ids = checks.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const c of checks) {
      expect.soft(c.id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/)
      expect.soft(c.spec).toMatch(/§|convention/)
    }
  })

  it('declare where they apply as data', () => {
    expect(Object.fromEntries(checks.map((c) => [c.id, c.appliesTo]))).toEqual({
      responds: {},
      'no-server-error': { response: 'any' },
      'accepts-valid-input': { expect: ['accept'], response: 'any' },
      'rejects-invalid-input': { expect: ['reject'], exceptKind: 'unknown-id', response: 'any' },
      'success-is-json': { response: 'success' },
      'unique-json-names': { response: 'json-success' },
      'no-lone-surrogates': { response: 'json-success' },
      'response-schema': { response: 'json-success' },
      'updated-not-before-created': { expect: ['accept', 'either'], response: 'json-success' },
      'tokens-not-empty': { expect: ['accept', 'either'], response: 'json-success' },
      'create-echoes-input': { expect: ['accept', 'either'], response: 'success' },
      'created-is-mine': { expect: ['accept', 'either'], response: 'json-success' },
      'update-applies-name': { expect: ['accept', 'either'], response: 'success' },
      'create-returns-new-id': { expect: ['accept', 'either'], response: 'success', earlier: true },
      'creates-share-owner': {
        expect: ['accept', 'either'],
        response: 'json-success',
        earlier: true,
      },
      'rename-keeps-worker': { expect: ['accept', 'either'], response: 'success', earlier: true },
      'is-mine-unchanged': { expect: ['accept', 'either'], response: 'success', earlier: true },
      'rename-updated-at-not-earlier': {
        expect: ['accept', 'either'],
        response: 'json-success',
        earlier: true,
      },
      'unknown-id-rejected': { kind: 'unknown-id', response: 'any' },
      'secret-not-echoed': { response: 'any' },
      'strict-status-codes': { expect: ['accept', 'reject', 'unknown'], response: 'any' },
      'strict-problem-details': { expect: ['reject'], response: 'client-error' },
      'strict-typeids': { response: 'json-success' },
    })
  })

  it.each(checks.filter((c) => c.appliesTo.response !== undefined).map((c) => c.id))(
    '%s has nothing to judge in an exchange without an answer',
    (id) => {
      const reset = { kind: 'network', stage: 'connect', message: 'reset' } as const
      const earlier = { createdIds: new Map<string, string>() }
      expect(check(id).run({ ...anInput(aCase(), reset), earlier }).kind).toBe('n/a')
    },
  )

  it.each([
    ['success-is-json', aResponse(400, {})],
    ['response-schema', { ...aResponse(201, {}), json: undefined, isJson: false }],
    ['strict-typeids', aResponse(500, {})],
    ['strict-problem-details', aResponse(500, {})],
  ])('%s has nothing to judge in %j', (id, response) => {
    const c = aCase({ expect: 'reject', kind: 'invalid' })
    expect(check(id).run(anInput(c, response)).kind).toBe('n/a')
  })

  it.each([
    ['responds', { kind: 'timeout', stage: 'connect', message: 'x' } as const, 'fail'],
    ['responds', aResponse(400, {}), 'pass'],
    ['no-server-error', aResponse(503, {}), 'fail'],
    ['no-server-error', aResponse(404, {}), 'pass'],
    ['no-server-error', { kind: 'network', stage: 'connect', message: 'reset' } as const, 'n/a'],
  ])('%s judges %j as %s', (id, answer, verdict) => {
    expect(check(id).run(anInput(aCase(), answer)).kind).toBe(verdict)
  })

  it.each([
    ['accept', 201, 'accepts-valid-input', 'pass'],
    ['accept', 200, 'accepts-valid-input', 'pass'],
    ['accept', 400, 'accepts-valid-input', 'fail'],
    ['accept', 500, 'accepts-valid-input', 'fail'],
    ['reject', 400, 'accepts-valid-input', 'n/a'],
    ['reject', 400, 'rejects-invalid-input', 'pass'],
    ['reject', 422, 'rejects-invalid-input', 'pass'],
    ['reject', 404, 'rejects-invalid-input', 'pass'],
    ['reject', 201, 'rejects-invalid-input', 'fail'],
    ['reject', 500, 'rejects-invalid-input', 'fail'],
    ['accept', 201, 'rejects-invalid-input', 'n/a'],
  ] as const)('a case to %s answered %i: %s gives %s', (expectation, status, id, verdict) => {
    const input = anInput(
      aCase({ expect: expectation, kind: expectation === 'accept' ? 'generated' : 'invalid' }),
      aResponse(status, {}),
    )
    expect(check(id).run(input).kind).toBe(verdict)
  })

  it('judges a rename of an unknown id under unknown-id-rejected, not rejects-invalid-input', () => {
    const unknown = aCase({ operationId: 'updateWorker', kind: 'unknown-id', expect: 'reject' })
    expect
      .soft(check('unknown-id-rejected').run(anInput(unknown, aResponse(200, {}))).kind)
      .toBe('fail')
    expect
      .soft(check('unknown-id-rejected').run(anInput(unknown, aResponse(409, {}))).kind)
      .toBe('pass')
    expect
      .soft(check('rejects-invalid-input').run(anInput(unknown, aResponse(200, {}))).kind)
      .toBe('n/a')
  })

  it.each([
    ['application/json', true, 'pass'],
    ['application/json; charset=utf-8', true, 'pass'],
    // spec §1: the content type is application/json; another +json type is not it.
    ['Application/JSON', true, 'pass'],
    ['application/vnd.worker+json', true, 'fail'],
    ['application/problem+json', true, 'fail'],
    ['text/plain', true, 'fail'],
    ['application/json', false, 'fail'],
  ])('success-is-json judges %s (parses: %s) as %s', (contentType, parses, verdict) => {
    const response = {
      ...aResponse(201, {}, contentType),
      ...(parses ? {} : { text: '{"worker":', json: undefined, isJson: false }),
    }
    expect(check('success-is-json').run(anInput(aCase(), response)).kind).toBe(verdict)
  })

  it('passes the mock create answer, with extra fields and an offset date-time, on response-schema', async () => {
    const body = await createdBody()
    const worker = {
      ...(body['worker'] as object),
      extra: true,
      createdAt: '2026-01-01T02:00:00+02:00',
    }
    expect(
      check('response-schema').run(anInput(aCase(), aResponse(201, { ...body, worker }))).kind,
    ).toBe('pass')
  })

  it.each([
    [
      'a missing tokens key',
      (b: Record<string, unknown>) => ({ ...b, tokens: undefined }),
      '/tokens',
    ],
    [
      'a non-integer pollAfterMs',
      (b: Record<string, unknown>) => ({ ...b, launch: { mode: 'cli', pollAfterMs: 1.5 } }),
      '/launch/pollAfterMs',
    ],
    [
      'a worker id with another prefix',
      (b: Record<string, unknown>) => ({
        ...b,
        worker: { ...(b['worker'] as object), id: `wkr_${'0'.repeat(26)}` },
      }),
      '/worker/id',
    ],
    [
      'a date that is not a date',
      (b: Record<string, unknown>) => ({
        ...b,
        instance: { ...(b['instance'] as object), updatedAt: 'yesterday' },
      }),
      '/instance/updatedAt',
    ],
  ])('fails %s on response-schema with a pointer to it', async (_, mutate, pointer) => {
    const verdict = check('response-schema').run(
      anInput(aCase(), aResponse(201, mutate(await createdBody()))),
    )
    expect(verdict).toMatchObject({ kind: 'fail', pointer })
  })

  it('fails create-echoes-input when a sent field comes back changed, with a pointer', async () => {
    const sent = { name: 'w', destination: 'local', description: 'mine' }
    const body = await createdBody(sent)
    const changed = { ...body, worker: { ...(body['worker'] as object), description: 'theirs' } }
    const input = (answer: unknown) =>
      anInput(aCase({ body: { json: sent } }), aResponse(201, answer))
    expect.soft(check('create-echoes-input').run(input(body)).kind).toBe('pass')
    expect
      .soft(check('create-echoes-input').run(input(changed)))
      .toMatchObject({ kind: 'fail', pointer: '/worker/description' })
  })

  it('fails update-applies-name on an old name or another id', () => {
    const rename = aCase({ operationId: 'updateWorker', body: { json: { name: 'new' } } })
    const params = { id: 'wrk_01h2xcejqtf2nbrexx3vqjhp41' }
    const answer = (worker: object) => anInput(rename, aResponse(200, { worker }), params)
    expect
      .soft(check('update-applies-name').run(answer({ id: params.id, name: 'new' })).kind)
      .toBe('pass')
    expect
      .soft(check('update-applies-name').run(answer({ id: params.id, name: 'old' })))
      .toMatchObject({ pointer: '/worker/name' })
    expect
      .soft(check('update-applies-name').run(answer({ id: 'wrk_other', name: 'new' })))
      .toMatchObject({ pointer: '/worker/id' })
  })

  it('notices an API key sent back, and ignores keys too short to tell', () => {
    const withKey = (apiKey: string) =>
      aCase({ operationId: 'updateLlmProvider', body: { json: { source: 'custom', apiKey } } })
    const echoed = aResponse(200, { llmProvider: { apiKey: 'sk-long-secret-key' } })
    expect
      .soft(check('secret-not-echoed').run(anInput(withKey('sk-long-secret-key'), echoed)).kind)
      .toBe('fail')
    expect
      .soft(check('secret-not-echoed').run(anInput(withKey('sk-other-key-0000'), echoed)).kind)
      .toBe('pass')
    expect
      .soft(
        check('secret-not-echoed').run(anInput(withKey('ab'), aResponse(200, { x: 'ab' }))).kind,
      )
      .toBe('n/a')
  })

  it.each([
    [aCase(), aResponse(201, {}), 'pass'],
    [aCase(), aResponse(200, {}), 'fail'],
    [aCase({ operationId: 'updateWorker' }), aResponse(200, {}), 'pass'],
    [aCase({ expect: 'reject', kind: 'invalid' }), aResponse(422, {}), 'fail'],
    [
      aCase({ operationId: 'updateWorker', expect: 'reject', kind: 'unknown-id' }),
      aResponse(404, {}),
      'pass',
    ],
    [
      aCase({ operationId: 'updateWorker', expect: 'reject', kind: 'unknown-id' }),
      aResponse(400, {}),
      'fail',
    ],
  ] as const)('strict-status-codes: case %# gives %s', (c, response, verdict) => {
    expect(check('strict-status-codes').run(anInput(c, response)).kind).toBe(verdict)
  })

  it('strict-problem-details wants problem+json naming the broken field', () => {
    const c = aCase({ expect: 'reject', kind: 'invalid', brokenPointer: '/body/name' })
    const problem = (pointer: string) => ({
      type: 't',
      title: 't',
      status: 400,
      detail: 'd',
      errors: [{ pointer, message: 'm' }],
    })
    const run = (response: ReturnType<typeof aResponse>) =>
      check('strict-problem-details').run(anInput(c, response)).kind
    expect.soft(run(aResponse(400, problem('/body/name'), 'application/problem+json'))).toBe('pass')
    expect
      .soft(run(aResponse(400, problem('/body/other'), 'application/problem+json')))
      .toBe('fail')
    expect.soft(run(aResponse(400, problem('/body/name')))).toBe('fail')
    expect.soft(run(aResponse(400, { message: 'bad' }, 'application/problem+json'))).toBe('fail')
  })

  it('strict-typeids parses ids as TypeIDs, not just prefix and length', async () => {
    const body = await createdBody()
    const fake = { ...body, worker: { ...(body['worker'] as object), id: `wrk_${'u'.repeat(26)}` } }
    expect
      .soft(check('strict-typeids').run(anInput(aCase(), aResponse(201, body))).kind)
      .toBe('pass')
    expect
      .soft(check('strict-typeids').run(anInput(aCase(), aResponse(201, fake))))
      .toMatchObject({ kind: 'fail', pointer: '/worker/id' })
  })
})
