// The secrets policy: one table of what is secret and what is public. What the kit declares
// public comes through every place it writes (the journal, its HAR, the export), over HTTP against
// a started mock; and docs/security.md lists the table as it is.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { SECRET_POLICY } from '../../src/secrets/policy.js'
import { REPO_ROOT } from '../helpers/spawn-cli.js'

const KEY = 'sk-policy-test-0123456789-WXYZ'

let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const start = async () => {
  mock = await startMockServer({ port: 0, host: '127.0.0.1' })
  return mock
}

const json = { 'content-type': 'application/json' }

describe('what the kit declares public comes through', () => {
  it("shows the provider's apiKeyLastFour in the journal and its HAR, never the key", async () => {
    const { url, app } = await start()
    const { orgId, llmProviderId } = app.ids
    const res = await fetch(`${url}/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ source: 'custom', apiKey: KEY }),
    })
    expect(res.status).toBe(200)
    const journal = await (await fetch(`${url}/__mock/requests`)).text()
    const har = await (await fetch(`${url}/__mock/requests.har`)).text()
    for (const [place, text] of [
      ['journal', journal],
      ['HAR', har],
    ] as const) {
      expect.soft(text, place).toContain('WXYZ')
      expect.soft(text, place).not.toContain(KEY)
    }
    expect
      .soft(JSON.parse(journal).entries[0].response.body.llmProvider.apiKeyLastFour)
      .toBe('WXYZ')
  })

  it('shows the CORS headers an answer carried (access-control-allow-credentials: true)', async () => {
    const { url } = await start()
    await fetch(`${url}/v1/workers`, {
      method: 'POST',
      headers: { ...json, origin: 'http://localhost:5173' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const { entries } = (await (await fetch(`${url}/__mock/requests`)).json()) as {
      entries: { response: { headers: Record<string, string> } }[]
    }
    expect(entries[0]?.response.headers['access-control-allow-credentials']).toBe('true')
  })

  it("keeps the kit's ids carried in a cookie or a credential-named header, so the export loads again", async () => {
    const { url, app } = await start()
    const { orgId, llmProviderId } = app.ids
    const res = await fetch(`${url}/v1/workers`, {
      method: 'POST',
      headers: {
        ...json,
        cookie: `org=${orgId}; provider=${llmProviderId}; session=s3cr3t-session-value-0001`,
        'x-org-token': orgId,
      },
      body: JSON.stringify({ name: 'carried', destination: 'local' }),
    })
    expect(res.status).toBe(201)
    const exported = await (await fetch(`${url}/__mock/scenario/export`)).json()
    const text = JSON.stringify(exported)
    expect.soft(text).toContain(orgId)
    expect.soft(text).not.toContain('s3cr3t-session-value-0001')
    const again = createMockApp({ scenario: exported })
    expect.soft(again.ids.orgId).toBe(orgId)
    const state = (await (await again.request('/__mock/state')).json()) as {
      orgId: string
      workers: { worker: { name: string } }[]
    }
    expect.soft(state.orgId).toBe(orgId)
    expect.soft(state.workers.map((w) => w.worker.name)).toContain('carried')
  })
})

describe("the kit's ids in a credential-named header", () => {
  it('shows them in the journal: public by the policy, whatever the header', async () => {
    const { url, app } = await start()
    await fetch(`${url}/v1/workers`, {
      method: 'POST',
      headers: { ...json, 'x-org-token': app.ids.orgId, 'x-api-key': 'sk-not-an-id-0123456789' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const { entries } = (await (await fetch(`${url}/__mock/requests`)).json()) as {
      entries: { request: { headers: Record<string, string> } }[]
    }
    expect.soft(entries[0]?.request.headers['x-org-token']).toBe(app.ids.orgId)
    expect.soft(entries[0]?.request.headers['x-api-key']).toBe('[REDACTED]')
  })
})

describe('docs/contract.md', () => {
  it('gives the shortest credential the reports search for as the policy sets it', () => {
    const page = readFileSync(`${REPO_ROOT}/docs/contract.md`, 'utf8').replace(/\s+/g, ' ')
    expect(page).toContain(`A value under ${SECRET_POLICY.minSearchedLength} characters`)
  })
})

describe('docs/security.md', () => {
  it('lists every entry of the secrets policy', () => {
    const page = readFileSync(`${REPO_ROOT}/docs/security.md`, 'utf8')
    for (const [list, entries] of Object.entries(SECRET_POLICY))
      for (const entry of typeof entries === 'number' ? [entries] : entries)
        expect.soft(page, list).toContain(`\`${entry}\``)
  })
})
