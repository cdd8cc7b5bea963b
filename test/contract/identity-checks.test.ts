import { describe, expect, it } from 'vitest'
import { createReturnsNewId } from '../../src/contract/checks/create-returns-new-id.js'
import { renameKeepsWorker } from '../../src/contract/checks/rename-keeps-worker.js'
import type { Earlier } from '../../src/contract/exchange.js'
import { aCase, anInput, aResponse } from '../helpers/exchanges.js'

const ID = 'wrk_01h2xcejqtf2nbrexx3vqjhp41'
const CREATED = {
  id: ID,
  orgId: 'org_01h2xcejqtf2nbrexx3vqjhp41',
  destination: 'local',
  createdByUserId: 'usr_1',
  description: 'd',
  imageVersion: '1.0.0',
  workspacePath: '/w',
  sandboxBackend: 'docker',
  createdAt: '2026-01-01T00:00:00.000Z',
}
const create = aCase()
const createdBy = (body: string): Earlier => ({ createdIds: new Map([[ID, body]]) })
const withEarlier = (input: ReturnType<typeof anInput>, earlier: Earlier) => ({ ...input, earlier })

describe('identity across calls', () => {
  it('fails a create that answers the id an earlier create of another body answered', () => {
    const input = withEarlier(
      anInput(create, aResponse(201, { worker: { id: ID } })),
      createdBy('{"name":"other"}'),
    )
    expect(createReturnsNewId.run(input)).toMatchObject({ kind: 'fail', pointer: '/worker/id' })
  })

  it('passes a new id, and the same id for the same body (a server may deduplicate those)', () => {
    const fresh = withEarlier(anInput(create, aResponse(201, { worker: { id: ID } })), {
      createdIds: new Map(),
    })
    const input = anInput(create, aResponse(201, { worker: { id: ID } }))
    const same = withEarlier(input, createdBy(input.sentBody))
    expect.soft(createReturnsNewId.run(fresh)).toEqual({ kind: 'pass' })
    expect.soft(createReturnsNewId.run(same)).toEqual({ kind: 'pass' })
  })

  it.each([
    ['destination', 'cloud'],
    ['orgId', 'org_01h2xcejqtf2nbrexx3vqjhp42'],
    ['createdByUserId', 'usr_2'],
    ['description', ''],
    ['createdAt', '2030-01-01T00:00:00.000Z'],
  ])('fails a rename that changes %s', (name, value) => {
    const rename = aCase({ operationId: 'updateWorker', body: { json: { name: 'n' } } })
    const input = withEarlier(
      anInput(rename, aResponse(200, { worker: { ...CREATED, [name]: value } })),
      {
        createdIds: new Map(),
        renamedWorker: CREATED,
      },
    )
    expect(renameKeepsWorker.run(input)).toMatchObject({ kind: 'fail', pointer: `/worker/${name}` })
  })

  it('passes a rename that writes the same creation instant with another offset, and changes the name, status and times', () => {
    const rename = aCase({ operationId: 'updateWorker', body: { json: { name: 'n' } } })
    const answer = {
      ...CREATED,
      name: 'n',
      status: 'running',
      updatedAt: '2026-02-01T00:00:00Z',
      createdAt: '2026-01-01T02:00:00+02:00',
    }
    const input = withEarlier(anInput(rename, aResponse(200, { worker: answer })), {
      createdIds: new Map(),
      renamedWorker: CREATED,
    })
    expect(renameKeepsWorker.run(input)).toEqual({ kind: 'pass' })
  })

  it('has nothing to judge without what earlier calls established', () => {
    const rename = aCase({ operationId: 'updateWorker', body: { json: { name: 'n' } } })
    expect
      .soft(renameKeepsWorker.run(anInput(rename, aResponse(200, { worker: CREATED }))))
      .toEqual({ kind: 'n/a' })
    expect
      .soft(createReturnsNewId.run(anInput(create, aResponse(201, { worker: CREATED }))))
      .toEqual({ kind: 'n/a' })
  })
})
