// Run in-process (src/cli/run-cli.ts, as the bin runs it).
import { afterEach, describe, expect, it } from 'vitest'
import { startMock, stopRunning } from '../helpers/cli-in-process.js'

const FETCH_TIMEOUT_MS = 5_000

afterEach(stopRunning)

describe('worker-api-kit mock --scenario with a seed of its own', () => {
  it('prints the ids of --seed and the scenario seed on a line of its own', async () => {
    const [flaky, plain] = await Promise.all([
      startMock(['--scenario', 'flaky', '--seed', '1']),
      startMock(['--seed', '1']),
    ])
    expect.soft(flaky.banner.seed).toBe('1')
    expect.soft(flaky.banner.orgId).toBe(plain.banner.orgId)
    expect.soft(flaky.banner.llmProviderId).toBe(plain.banner.llmProviderId)
    expect.soft(flaky.cli.stdout()).toMatch(/^ {2}scenario seed {4}3 \(its data and faults/m)
    expect.soft(plain.cli.stdout()).not.toMatch(/scenario seed/)
  })

  it('shows the printed ids at GET / and answers a PATCH with them after PUT /__mock/scenario flaky', async () => {
    const { url, banner } = await startMock(['--seed', '1'])
    const put = await fetch(`${url}/__mock/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'flaky' }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
    const index: unknown = await (
      await fetch(`${url}/`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    ).json()
    // flaky's draws come from its seed alone: its first request is answered
    const patch = await fetch(
      `${url}/v1/orgs/${banner.orgId}/llm-providers/${banner.llmProviderId}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'custom' }),
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      },
    )
    expect.soft(put.status).toBe(200)
    expect.soft(patch.status).toBe(200)
    expect.soft(index).toMatchObject({
      orgId: banner.orgId,
      llmProviderId: banner.llmProviderId,
      scenario: 'flaky',
    })
  })
})
