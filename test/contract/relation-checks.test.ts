import { describe, expect, it } from 'vitest'
import { createdIsMine } from '../../src/contract/checks/created-is-mine.js'
import { createsShareOwner } from '../../src/contract/checks/creates-share-owner.js'
import { noLoneSurrogates } from '../../src/contract/checks/no-lone-surrogates.js'
import { renameUpdatedAtNotEarlier } from '../../src/contract/checks/rename-updated-at-not-earlier.js'
import { successIsJson } from '../../src/contract/checks/success-is-json.js'
import { tokensNotEmpty } from '../../src/contract/checks/tokens-not-empty.js'
import { uniqueJsonNames } from '../../src/contract/checks/unique-json-names.js'
import { updatedNotBeforeCreated } from '../../src/contract/checks/updated-not-before-created.js'
import { receivedResponse } from '../../src/contract/client.js'
import type { Earlier } from '../../src/contract/exchange.js'
import { aCase, anInput, aResponse } from '../helpers/exchanges.js'

const create = aCase()
const rename = aCase({ operationId: 'updateWorker', body: { json: { name: 'n' } } })
const T0 = '2026-01-01T00:00:00.000Z'
const T1 = '2026-01-01T00:00:01.000Z'
const withEarlier = (input: ReturnType<typeof anInput>, earlier: Earlier) => ({ ...input, earlier })
const fromText = (text: string) =>
  anInput(create, receivedResponse(201, { 'content-type': 'application/json' }, text))

describe('relations the spec implies', () => {
  it.each([
    ['worker', { worker: { createdAt: T1, updatedAt: T0 } }],
    [
      'instance',
      { worker: { createdAt: T0, updatedAt: T0 }, instance: { createdAt: T1, updatedAt: T0 } },
    ],
    [
      'worker, written with offsets',
      { worker: { createdAt: '2026-01-01T02:00:01+02:00', updatedAt: '20260101T000000Z' } },
    ],
  ])('fails a %s updated before it was created', (name, body) => {
    const verdict = updatedNotBeforeCreated.run(anInput(create, aResponse(201, body)))
    expect(verdict).toMatchObject({ kind: 'fail', pointer: `/${name.split(',')[0]}/updatedAt` })
  })

  it.each([
    ['the same instant', { worker: { createdAt: T0, updatedAt: T0 } }],
    [
      'a later update in another offset',
      { worker: { createdAt: T0, updatedAt: '2026-01-01T01:00:00+01:00' } },
    ],
    [
      'local times it cannot place',
      { worker: { createdAt: '2026-01-01T00:00:01', updatedAt: '2026-01-01T00:00:00' } },
    ],
    [
      'times that are not date-times (response-schema judges them)',
      { worker: { createdAt: 'later', updatedAt: T0 } },
    ],
  ])('passes %s', (_, body) => {
    expect(updatedNotBeforeCreated.run(anInput(create, aResponse(201, body)))).toEqual({
      kind: 'pass',
    })
  })

  it('fails a create that is not the caller’s own, and leaves a missing isMine to the schema', () => {
    const mine = (isMine: unknown) =>
      createdIsMine.run(anInput(create, aResponse(201, { worker: { isMine } })))
    expect.soft(mine(false)).toMatchObject({ kind: 'fail', pointer: '/worker/isMine' })
    expect.soft(mine(true)).toEqual({ kind: 'pass' })
    expect.soft(mine('true')).toEqual({ kind: 'n/a' })
  })

  it.each(['owner', 'host', 'client'])('fails an empty %s token', (name) => {
    const tokens = { owner: 'o', host: 'h', client: 'c', [name]: '' }
    expect(tokensNotEmpty.run(anInput(create, aResponse(201, { tokens })))).toMatchObject({
      kind: 'fail',
      pointer: `/tokens/${name}`,
    })
  })

  it('passes tokens of any shape that hold something', () => {
    const tokens = { owner: ' ', host: 'x', client: 'eyJhbGciOi…' }
    expect(tokensNotEmpty.run(anInput(create, aResponse(201, { tokens })))).toEqual({
      kind: 'pass',
    })
  })

  it.each([
    ['createdByUserId', 'usr_2'],
    ['orgId', 'org_2'],
  ])('warns when a later create of the run answers another %s', (name, value) => {
    const first = { createdByUserId: 'usr_1', orgId: 'org_1' }
    const input = withEarlier(
      anInput(create, aResponse(201, { worker: { ...first, [name]: value } })),
      { createdIds: new Map(), firstCreatedWorker: first },
    )
    expect(createsShareOwner.run(input)).toMatchObject({ kind: 'fail', pointer: `/worker/${name}` })
    expect(createsShareOwner.severity).toBe('warning')
  })

  it('judges no owner where the run knows no first create (a proxy’s many callers)', () => {
    const input = withEarlier(anInput(create, aResponse(201, { worker: { orgId: 'org_2' } })), {
      createdIds: new Map(),
    })
    expect(createsShareOwner.run(input)).toEqual({ kind: 'n/a' })
  })

  it('warns on a rename that moves updatedAt back, and passes one that keeps it', () => {
    const renamed = (updatedAt: string) =>
      renameUpdatedAtNotEarlier.run(
        withEarlier(anInput(rename, aResponse(200, { worker: { updatedAt } })), {
          createdIds: new Map(),
          renamedWorker: { updatedAt: T1 },
        }),
      )
    expect.soft(renamed(T0)).toMatchObject({ kind: 'fail', pointer: '/worker/updatedAt' })
    expect.soft(renamed(T1)).toEqual({ kind: 'pass' })
    expect.soft(renamed('2026-01-01T01:00:01+01:00')).toEqual({ kind: 'pass' })
    expect.soft(renamed('2026-01-01T00:00:00')).toEqual({ kind: 'n/a' })
  })
})

describe('the text of a success', () => {
  it('fails a byte order mark in success-is-json', () => {
    const input = anInput(
      create,
      receivedResponse(
        201,
        { 'content-type': 'application/json' },
        new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{}')]),
      ),
    )
    expect(successIsJson.run(input)).toMatchObject({ kind: 'fail' })
  })

  it('fails bytes that are not UTF-8 in success-is-json', () => {
    const input = anInput(
      create,
      receivedResponse(
        201,
        { 'content-type': 'application/json' },
        new Uint8Array([0x22, 0xff, 0x22]),
      ),
    )
    expect(successIsJson.run(input)).toMatchObject({
      kind: 'fail',
      message: expect.stringMatching(/UTF-8/),
    })
  })

  it('flags a repeated name and a lone surrogate with their pointers, and passes clean JSON', () => {
    expect.soft(uniqueJsonNames.run(fromText('{"worker":{"a":1,"a":1}}'))).toMatchObject({
      kind: 'fail',
      pointer: '/worker',
    })
    expect.soft(noLoneSurrogates.run(fromText('{"worker":{"name":"\\ud800"}}'))).toMatchObject({
      kind: 'fail',
      pointer: '/worker/name',
    })
    expect
      .soft(uniqueJsonNames.run(fromText('{"worker":{"a":"\\ud83c\\udf0d"}}')))
      .toEqual({ kind: 'pass' })
    expect
      .soft(noLoneSurrogates.run(fromText('{"worker":{"a":"\\ud83c\\udf0d"}}')))
      .toEqual({ kind: 'pass' })
  })
})
