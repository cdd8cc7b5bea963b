// Run in-process (src/cli/run-cli.ts, as the bin runs it).
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { Scenario, type ScenarioInput } from '../../src/mock/scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from '../../src/mock/scenario-registry.js'
import { type MockServerOptions, startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { startMock } from '../helpers/cli-in-process.js'
import { fetchJson } from '../helpers/fetch-json.js'
import { inSession, State } from '../helpers/mock-state.js'

const { servers, dirs } = cleanUpAfterEach<Awaited<ReturnType<typeof startMockServer>>>()

const API_KEY = 'sk-PLANTED-0c4e8a2f6b1d3e5a7c9f'
const HOUR = 3_600_000

/**
 * Steps an hour apart: a worker on its way stays on its step for the whole test, so what the
 * export shows is what the loaded file must show, whatever the machine's speed.
 */
const WORKBENCH: ScenarioInput = {
  name: 'workbench',
  description: 'clicked together in the dashboard',
  lifecycle: {
    local: [
      { afterMs: 0, status: 'pending', instanceStatus: 'pending' },
      { afterMs: HOUR, status: 'running', instanceStatus: 'running' },
    ],
    cloud: [
      { afterMs: 0, status: 'provisioning', instanceStatus: 'provisioning' },
      { afterMs: HOUR, status: 'starting', instanceStatus: 'running' },
      { afterMs: 2 * HOUR, status: 'running', instanceStatus: 'running' },
    ],
  },
  rules: [{ match: { operation: 'updateLlmProvider' }, latency: 1 }],
}

const Rules = z.object({
  rules: z.array(z.object({ id: z.string().nullable(), source: z.string(), rule: z.unknown() })),
})

const start = async (options: MockServerOptions = {}) => {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
  servers.push(server)
  return server
}

/** What a mock shows of a session: its workers, organization, provider (no dates) and rules. */
const seenAt = async (url: string, headers: Record<string, string> = {}) => {
  const state = State.parse((await fetchJson(url, 'GET', '/__mock/state', undefined, headers)).body)
  const { rules } = Rules.parse(
    (await fetchJson(url, 'GET', '/__mock/rules', undefined, headers)).body,
  )
  return {
    orgId: state.orgId,
    organizations: state.organizations,
    llmProviders: state.llmProviders.map(({ createdAt: _c, updatedAt: _u, ...fields }) => fields),
    workers: state.workers.map(({ worker, instance }) => ({
      id: worker.id,
      name: worker.name,
      destination: worker.destination,
      status: worker.status,
      instanceStatus: instance.status,
    })),
    rules: rules.map((r) => r.rule),
  }
}

/** The session's export, written to a file in a temporary folder. */
const exportTo = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetchJson(url, 'GET', '/__mock/scenario/export', undefined, headers)
  if (res.status !== 200) throw new Error(`export failed: ${res.status} ${res.text}`)
  const dir = await mkdtemp(join(tmpdir(), 'wak-export-'))
  dirs.push(dir)
  const file = join(dir, 'exported.json')
  await writeFile(file, res.text)
  return { res, file }
}

describe('scenario export', () => {
  it('downloads a session as a scenario file that mock --scenario loads with the same workers, provider and rules', async () => {
    // The source mock's clock stands three hours back: had the file kept the workers' dates, the
    // loaded mock would find them three hours older and a step on.
    const past = Date.now() - 3 * HOUR
    const source = await start({ scenario: WORKBENCH, clock: () => past })
    const s = inSession('bench')
    const call = (method: string, path: string, body?: unknown) =>
      fetchJson(source.url, method, path, body, s)
    // What a developer clicks together: workers in every kind of status, a provider with a key, a rule.
    await call('POST', '/v1/workers', { name: 'from the app', destination: 'local' })
    await call('POST', '/__mock/state/workers', {
      name: 'half up',
      destination: 'cloud',
      ageMs: 1.5 * HOUR,
    })
    await call('POST', '/__mock/state/workers', {
      name: 'parked',
      destination: 'cloud',
      status: 'stopped',
    })
    await call('POST', '/__mock/state/workers', {
      name: 'recorded',
      destination: 'local',
      ageMs: 0,
      recordedStatus: 'running',
    })
    const [first, second] = (await seenAt(source.url, s)).workers
    await call('PATCH', `/__mock/state/workers/${first?.id}`, { name: 'renamed' })
    await call('DELETE', `/__mock/state/workers/${second?.id}`)
    await call('PATCH', '/__mock/state/llm-provider', { modelIds: ['m-1'], apiKey: API_KEY })
    await call('POST', '/__mock/rules', {
      match: { operation: 'createWorker' },
      times: 3,
      respond: { status: 202 },
    })
    const seen = await seenAt(source.url, s)
    expect(seen.workers.map((w) => w.status)).toEqual(
      expect.arrayContaining(['pending', 'starting', 'stopped', 'running']),
    )

    const { res, file } = await exportTo(source.url, s)
    expect.soft(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect
      .soft(res.headers.get('content-disposition'))
      .toBe('attachment; filename="workbench.json"')
    expect.soft(res.text).not.toContain('PLANTED')
    expect.soft(Scenario.safeParse(res.body).error).toBeUndefined()

    const loaded = await startMock(['--scenario', file, '--quiet'])
    const again = await seenAt(loaded.url)
    expect.soft(again.workers).toEqual(seen.workers)
    expect.soft(again.organizations).toEqual(seen.organizations)
    expect.soft(again.llmProviders).toEqual(seen.llmProviders)
    expect
      .soft(again.llmProviders[0])
      .toMatchObject({ hasApiKey: true, apiKeyLastFour: API_KEY.slice(-4) })
    expect.soft(again.rules).toEqual(seen.rules)
    expect.soft(again.orgId).toBe(seen.orgId)
  })

  it("keeps a session's export within a scenario file's bytes, leaving the oldest workers out", async () => {
    const source = await start()
    const description = 'd'.repeat(Math.ceil(MAX_SCENARIO_FILE_BYTES / 3))
    const names = ['big 1', 'big 2', 'big 3']
    for (const name of names)
      await fetchJson(source.url, 'POST', '/__mock/state/workers', { name, description })
    const { res } = await exportTo(source.url)
    expect.soft(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_SCENARIO_FILE_BYTES)
    const scenario = Scenario.parse(res.body)
    expect.soft(scenario.state?.workers.map((w) => w.name)).toEqual(['big 2', 'big 3'])
    // the three seeded by the default scenario and the first big one
    expect.soft(scenario.description).toContain('The 4 oldest workers were left out')
  })

  it('writes no secret a client sent, wherever the session repeats it', async () => {
    const source = await start()
    const provider = `/v1/orgs/${source.app.ids.orgId}/llm-providers/${source.app.ids.llmProviderId}`
    await fetchJson(source.url, 'PATCH', provider, { source: 'custom', apiKey: API_KEY })
    // the key again, where a careless client might put it: a worker's name and a rule's answer
    await fetchJson(source.url, 'POST', '/__mock/state/workers', { name: API_KEY })
    await fetchJson(source.url, 'POST', '/__mock/rules', {
      respond: { status: 200, body: { note: API_KEY, apiKey: API_KEY } },
    })
    const { res } = await exportTo(source.url)
    expect.soft(res.text).not.toContain('PLANTED')
    expect.soft(Scenario.safeParse(res.body).error).toBeUndefined()
  })
})
