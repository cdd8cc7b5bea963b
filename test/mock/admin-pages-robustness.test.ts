import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { MAX_PAGE_LIMIT } from '../../src/server/bounded-page.js'

const SEED = 20_261_124

/** A query value: numbers around the bounds, worker-id-like text, or any text. */
const queryValue = fc.oneof(
  fc.integer({ min: -2, max: MAX_PAGE_LIMIT + 2 }).map(String),
  fc.constantFrom('', '0', '1e3', '0x10', ' 5', '5 ', '1.0', '99999999999999999999'),
  fc.string({ maxLength: 40 }).map((tail) => `wrk_${tail}`),
  fc.string({ maxLength: 40 }),
)

describe('admin pages robustness', () => {
  it(`answers any limit and after on /__mock/requests and /__mock/state with 200 or a 400 problem (seed ${SEED})`, async () => {
    const app = createMockApp()
    for (let i = 0; i < 3; i++) {
      await app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `w${i}`, destination: 'local' }),
      })
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/__mock/requests', '/__mock/state'),
        fc.option(queryValue, { nil: undefined }),
        fc.option(queryValue, { nil: undefined }),
        async (path, limit, after) => {
          const query = new URLSearchParams()
          if (limit !== undefined) query.set('limit', limit)
          if (after !== undefined) query.set('after', after)
          const res = await app.request(`${path}?${query}`)
          const text = await res.text()
          const where = `seed ${SEED}: ${path}?${query} → ${res.status} ${text.slice(0, 200)}`
          expect([200, 400], where).toContain(res.status)
          if (res.status === 400) {
            expect(res.headers.get('content-type'), where).toBe('application/problem+json')
            expect(text, where).toMatch(/"pointer":"\/query\/(limit|after)"/)
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    )
  })
})
