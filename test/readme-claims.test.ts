import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runContract } from '../src/contract/runner.js'
import { createMockApp } from '../src/mock/app.js'
import { Scenario } from '../src/mock/scenario.js'
import { documentationText } from './helpers/documentation.js'

// Statements of the README and the docs/ pages beyond their curl examples (test/readme.test.ts),
// each held by a test here.

const README = documentationText()
const LINES = README.split('\n')
/** Where the examples say the mock listens: the CLI's default address. */
const BASE_URL = 'http://127.0.0.1:4010'

/** The body of every fenced block of `lang`, with the line after its fence. */
const fences = (lang: string) => {
  const found: { text: string; next: string }[] = []
  for (let i = 0; i < LINES.length; i++) {
    if (LINES[i] !== `\`\`\`${lang}`) continue
    const end = LINES.indexOf('```', i + 1)
    const next = LINES.slice(end + 1).find((line) => line.trim() !== '') ?? ''
    found.push({ text: LINES.slice(i + 1, end).join('\n'), next })
    i = end
  }
  return found
}

/** The number in the documentation's "a default run sends fewer than N requests". */
const requestBound = () => Number(/a default run sends fewer than (\d+) requests/.exec(README)?.[1])

const renameIn = (app: ReturnType<typeof createMockApp>, id: string) =>
  app.request(`/v1/workers/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'renamed' }),
  })

describe('README claims', () => {
  it('shows the fixtures snippet that test/readme-snippets compiles under strict TypeScript', () => {
    const snippet = readFileSync(
      new URL('./readme-snippets/fixtures-snippet.ts', import.meta.url),
      'utf8',
    )
    expect(fences('ts').map((fence) => `${fence.text}\n`)).toContain(snippet)
  })

  it('describes the example scenario as failing the rename it fails', async () => {
    const json = fences('json').find((fence) => fence.text.includes('"checkout-demo"'))
    const scenario = Scenario.parse(JSON.parse(json?.text ?? '{}'))
    const app = createMockApp({ scenario, sleep: async () => undefined })
    const body: unknown = await (await app.request('/__mock/state')).json()
    const workers = Reflect.get(Object(body), 'workers') as { worker: { id: string } }[] // test: read
    const id = workers[0]?.worker.id ?? ''
    const statuses = [(await renameIn(app, id)).status, (await renameIn(app, id)).status]
    expect.soft(statuses).toEqual([409, 200])
    expect.soft(scenario.description).toContain('the first rename fails')
  })

  it('describes the empty scenario as its provider is: no models, no configuration, no key', async () => {
    const app = createMockApp({ scenario: 'empty' })
    const body: unknown = await (await app.request('/__mock/state')).json()
    const [provider] = Reflect.get(Object(body), 'llmProviders') as Record<string, unknown>[] // test: read
    expect.soft(provider).toMatchObject({
      source: 'custom',
      modelIds: [],
      customConfigText: null,
      hasApiKey: false,
    })
    const row = LINES.find((line) => line.startsWith('| `empty` |')) ?? ''
    expect.soft(row).toContain('no models, no configuration text and no key')
    expect.soft(row).toContain(`\`providerId\``)
    expect.soft(app.scenario().description).toContain('no models, no configuration text and no key')
  })

  it('passes -i to every curl example whose answer is shown with its status line', () => {
    const shown = fences('sh').filter(
      (fence) => fence.text.includes('curl ') && fence.next === '```http',
    )
    expect(shown.length).toBeGreaterThan(0)
    for (const fence of shown) expect.soft(fence.text, fence.text).toMatch(/curl (-s )?-i /)
  })

  it('runs the contract against the mock in fewer requests than it says, leaving the default session alone', async () => {
    const app = createMockApp()
    const before = await (await app.request('/__mock/state')).text()
    const line = fences('sh').find((fence) => fence.text.includes("-H 'x-mock-session: contract'"))
    expect(line?.text).toContain(`--org-id ${app.ids.orgId}`)
    const report = await runContract({
      baseUrl: BASE_URL,
      orgId: app.ids.orgId,
      llmProviderId: app.ids.llmProviderId,
      headers: { 'x-mock-session': 'contract' },
      seed: 1,
      fetch: (input, init) => app.request(input, init),
    })
    expect.soft(report.requestCount).toBeGreaterThan(0)
    expect.soft(report.requestCount).toBeLessThan(requestBound())
    expect.soft(report.results.filter((r) => r.outcome === 'failed')).toEqual([])
    expect.soft(await (await app.request('/__mock/state')).text()).toBe(before)
  })
})
