// `--rate N/s` (issue 33, item 5): a run kind to a rate-limited staging sends at most N requests a
// second, says in its banner how long that takes and when it stops, and refuses a rate that is none
// before the first request. Run in-process (src/cli/run-cli.ts, as the bin runs it).
import { describe, expect, it } from 'vitest'
import { createPacer, pacedMs, rateOf } from '../../src/contract/pacer.js'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'

const { servers } = cleanUpAfterEach<TestServer>()

/** The mock behind a port, with the time each request reached it. */
const serveMock = async () => {
  const app = createMockApp()
  const arrivals: number[] = []
  const server = await startAppServer({
    fetch: (request: Request) => {
      arrivals.push(performance.now())
      return app.fetch(request)
    },
  })
  servers.push(server)
  return {
    ...server,
    arrivals,
    ids: ['--org-id', app.ids.orgId, '--llm-provider-id', app.ids.llmProviderId],
  }
}

describe('--rate', () => {
  it.each([
    ['5', 5],
    ['5/s', 5],
    ['0.5/s', 0.5],
    [' 1000 / s ', 1000],
  ])('reads %j as %d a second', (text, rate) => {
    expect(rateOf(text)).toBe(rate)
  })

  it.each(['0', '0/s', '2000/s', 'fast', '5/min', '-1', '1e3'])('refuses %j', (text) => {
    expect(rateOf(text)).toBeUndefined()
  })

  it('spaces the requests evenly, whoever asks, without a burst', async () => {
    const waits: number[] = []
    const pace = createPacer(100, async (ms) => {
      waits.push(ms)
    })
    await Promise.all([pace(), pace(), pace(), pace()])
    // The first goes at once; each next one a hundredth of a second after the one before.
    expect(waits).toHaveLength(3)
    for (const [i, ms] of waits.entries()) expect(ms).toBeGreaterThan(10 * (i + 1) - 2)
  })

  it('refuses a rate that is none in one line, before any request', async () => {
    const target = await serveMock()
    const { code, stdout, stderr } = await runCli([
      'contract',
      '--base-url',
      target.url,
      '--rate',
      'fast',
    ])
    expect(code, stdout + stderr).toBe(2)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] --rate takes requests a second/)
    expect.soft(stdout).toBe('')
    expect.soft(target.arrivals).toEqual([])
  })

  it('says in its banner what the run sends and how long it takes, and keeps to the pace', async () => {
    const target = await serveMock()
    const { code, stdout, stderr } = await runCli([
      'contract',
      '--base-url',
      target.url,
      ...target.ids,
      '--quiet',
      '--rate',
      '400/s',
    ])
    expect(code, stdout + stderr).toBe(0)
    const plan = /sends about (\d+) requests at most 400 a second: at least (\d+) s/.exec(stdout)
    expect(plan, stdout).not.toBeNull()
    const requests = target.arrivals.length
    expect.soft(requests).toBeGreaterThan(100)
    const span = (target.arrivals.at(-1) ?? 0) - (target.arrivals[0] ?? 0)
    // At most 400 a second: n requests span at least (n - 1) / 400 s (a millisecond's slack each way).
    expect.soft(span).toBeGreaterThanOrEqual(pacedMs(requests, 400) - 5)
    expect.soft(Number(plan?.[1])).toBeGreaterThanOrEqual(requests - 5)
  })

  it('announces the run bound without a rate', async () => {
    const target = await serveMock()
    const { stdout } = await runCli([
      'contract',
      '--base-url',
      target.url,
      '--quiet',
      '--run-timeout',
      '60000',
    ])
    expect(stdout).toMatch(/sends about \d+ requests; stops at 1 min 0 s at the latest/)
  })
})
