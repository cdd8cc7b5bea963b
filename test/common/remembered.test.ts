import { describe, expect, it } from 'vitest'
import { remembered } from '../../src/common/remembered.js'

/** A test that counts its calls. */
const counted = <T extends boolean | number | string>(answer: (text: string) => T) => {
  const calls: string[] = []
  const test = remembered((text: string) => {
    calls.push(text)
    return answer(text)
  })
  return { test, calls }
}

describe('remembered', () => {
  it('answers a short text again without running its test', () => {
    const { test, calls } = counted((text) => text.toUpperCase())
    const path = `/v1/orgs/org_${'0'.repeat(26)}/llm-providers/lpr_${'0'.repeat(26)}`
    expect(test(path)).toBe(path.toUpperCase())
    expect(test(`${path}`)).toBe(path.toUpperCase())
    expect(calls).toEqual([path])
  })

  it('keeps a false, a zero and an empty answer too', () => {
    const { test, calls } = counted((text) => text.length - 1)
    expect(test('a')).toBe(0)
    expect(test('a')).toBe(0)
    const flags = counted(() => false)
    flags.test('b')
    flags.test('b')
    const texts = counted(() => '')
    texts.test('c')
    texts.test('c')
    expect([calls.length, flags.calls.length, texts.calls.length]).toEqual([1, 1, 1])
  })

  it('runs the test on every long text, keeping none', () => {
    const { test, calls } = counted((text) => text.length)
    const long = 'x'.repeat(129)
    expect(test(long)).toBe(129)
    expect(test(long)).toBe(129)
    expect(calls).toHaveLength(2)
  })

  it('forgets what it kept once it has kept 256 texts, and answers the same', () => {
    const { test, calls } = counted((text) => `${text}!`)
    for (let index = 0; index <= 256; index++) test(`name-${index}`)
    expect(test('name-0')).toBe('name-0!')
    expect(calls.filter((text) => text === 'name-0')).toHaveLength(2)
  })
})
