import { describe, expect, it } from 'vitest'
import { createMockApp, type MockAppOptions } from '../../src/mock/app.js'
import { providerPath } from '../helpers/requests.js'
import { send, steppingClock } from '../helpers/send.js'

/** A fixed sequence over the three operations; returns every answer's text. */
const script = async (options: MockAppOptions) => {
  const app = createMockApp(options)
  const texts: string[] = []
  for (const destination of ['local', 'cloud', 'local'] as const) {
    const created = await send(app, 'POST', '/v1/workers', {
      name: `w-${destination}`,
      destination,
    })
    texts.push(created.text)
    const { worker } = created.body as { worker: { id: string } } // parsed as JSON by send()
    texts.push((await send(app, 'PATCH', `/v1/workers/${worker.id}`, { name: 'renamed' })).text)
  }
  texts.push(
    (await send(app, 'PATCH', providerPath(app), { source: 'custom', apiKey: 'k'.repeat(20) }))
      .text,
  )
  return texts
}

describe('determinism', () => {
  it('answers the same requests identically for the same seed and clock', async () => {
    const first = await script({ seed: 42, clock: steppingClock() })
    const second = await script({ seed: 42, clock: steppingClock() })
    expect(second).toEqual(first)
  })

  it('answers differently for another seed', async () => {
    const first = await script({ seed: 42, clock: steppingClock() })
    const other = await script({ seed: 43, clock: steppingClock() })
    expect(other[0]).not.toEqual(first[0])
  })

  it('starts with the same organization and provider ids for the same seed, whatever the clock', () => {
    const a = createMockApp({ seed: 9, clock: () => 0 })
    const b = createMockApp({ seed: 9, clock: () => Date.UTC(2030, 0, 1) })
    expect(b.ids).toEqual(a.ids)
    expect(createMockApp({ seed: 10 }).ids.orgId).not.toBe(a.ids.orgId)
  })

  it('keeps the seeded ids real TypeIDs of their prefix', () => {
    const { orgId, llmProviderId } = createMockApp().ids
    expect.soft(orgId).toMatch(/^org_[0-7][0-9a-hjkmnp-tv-z]{25}$/)
    expect.soft(llmProviderId).toMatch(/^lpr_[0-7][0-9a-hjkmnp-tv-z]{25}$/)
  })
})
