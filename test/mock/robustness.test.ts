// Hostile-input fuzzing of the mock, in-process through app.request(): over 10 000 seeded requests
// to the three operations and the admin API. Every answer is a 2xx that parses with its schemas or
// a 4xx problem+json; never a 5xx, never a crash, and a valid request still works afterwards.
// The table of cases is robustness-cases.ts; the requests it draws from, robustness-bodies.ts,
// robustness-headers.ts and robustness-requests.ts; the judge of each answer, robustness-judge.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { FRESH, giantExamples, resolve, SEED, TARGETS, VALID_CREATE } from './robustness-cases.js'
import { judge, toRequest } from './robustness-judge.js'

describe('robustness', () => {
  it.each(TARGETS.map((target) => [target.runs, target.name, target] as const))(
    `answers %i random hostile requests and every giant body to %s with a 2xx or a 4xx problem (seed ${SEED})`,
    async (_runs, _name, { runs, app: build, requests, mustSee }) => {
      const internalErrors: string[] = []
      const app = build((line) => {
        if (line.includes('internal error')) internalErrors.push(line)
      })
      const created: string[] = []
      const seen = new Map<number, number>()
      const examples = giantExamples(app)

      // fast-check counts examples in numRuns: `runs` random requests come after them.
      await fc.assert(
        fc.asyncProperty(requests(app), async (generated) => {
          const request = resolve(generated, created)
          await judge(request, await app.request(toRequest(request)), seen, (id) => {
            created.push(id)
          })
        }),
        { seed: SEED, numRuns: runs + examples.length, examples },
      )

      const after = await app.request('/v1/workers', {
        method: 'POST',
        headers: FRESH,
        body: VALID_CREATE,
      })
      // In auth mode the admin API asks for a token too.
      const health = await app.request('/__mock/health', { headers: FRESH })
      expect.soft(after.status).toBe(201)
      expect.soft(MockCreateWorkerResponse.safeParse(await after.json()).success).toBe(true)
      expect.soft(health.status).toBe(200)
      expect.soft(await health.json()).toMatchObject({ status: 'ok' })
      expect.soft(internalErrors).toEqual([])
      expect.soft([...seen.keys()]).toEqual(expect.arrayContaining([...mustSee]))
    },
  )
})
