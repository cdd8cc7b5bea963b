import { randomUUID } from 'node:crypto'
import { TypeID } from 'typeid-js'
import { describe, expect, it } from 'vitest'
import { OrgTypeId, typeIdLength, WorkerId, WorkerTypeId } from '../../src/schemas/ids.js'

const SUFFIX = 'wrk_01kdz0nqe0f758cp76p3r3gb46'.slice('wrk_'.length)

describe('WorkerTypeId', () => {
  it.each([
    ['a typeid-js id (UUIDv7)', TypeID.fromString(`wrk_${SUFFIX}`).toString()],
    ['a UUIDv4 encoded as a TypeID', TypeID.fromUUID('wrk', randomUUID()).toString()],
    ['the largest suffix', `wrk_7${'z'.repeat(SUFFIX.length - 1)}`],
    ['the nil suffix', `wrk_${'0'.repeat(SUFFIX.length)}`],
  ])('accepts %s', (_, id) => {
    expect(WorkerTypeId.safeParse(id).success).toBe(true)
  })

  it.each([
    ['an uppercase suffix', `wrk_${SUFFIX.toUpperCase()}`],
    ['a suffix over 128 bits (first character 8)', `wrk_8${SUFFIX.slice(1)}`],
    ...['i', 'l', 'o', 'u', '-', '_'].map((c) => [
      `a suffix with ${c}`,
      `wrk_${SUFFIX.slice(0, -1)}${c}`,
    ]),
    ['a suffix one character short', `wrk_${SUFFIX.slice(1)}`],
    ['a suffix one character long', `wrk_${SUFFIX}0`],
    ['the organization prefix', `org_${SUFFIX}`],
    ['an uppercase prefix', `WRK_${SUFFIX}`],
  ])('rejects %s', (_, id) => {
    expect(WorkerTypeId.safeParse(id).success).toBe(false)
  })

  it('has the length the spec gives (§2.1)', () => {
    expect(WorkerTypeId.safeParse(`wrk_${SUFFIX}`).success).toBe(true)
    expect(`wrk_${SUFFIX}`).toHaveLength(typeIdLength('wrk'))
  })

  it('reads an organization id the same way', () => {
    expect.soft(OrgTypeId.safeParse(`org_${SUFFIX}`).success).toBe(true)
    expect.soft(OrgTypeId.safeParse(`org_${SUFFIX.toUpperCase()}`).success).toBe(false)
  })

  it('leaves the request id as the spec states it: prefix and length only', () => {
    expect(WorkerId.safeParse(`wrk_${SUFFIX.toUpperCase()}`).success).toBe(true)
  })
})
