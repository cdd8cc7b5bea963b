// A masked copy never comes back as data (issue 32, item 4): a rule made from a journal entry (the
// dashboard's "from this answer", or a script posting the entry's body) answers what the mock
// would, a fresh token of the same length, never `[REDACTED] (36 chars)`, which the kit's own
// schema refuses. Over HTTP against a started mock.
import { afterEach, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'

let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const json = { 'content-type': 'application/json' }
const CREATE = JSON.stringify({ name: 'from the journal', destination: 'local' })

it("answers a rule made from a journal entry's masked copy with fresh tokens the kit's schema accepts", async () => {
  mock = await startMockServer({ port: 0, host: '127.0.0.1' })
  const created = await fetch(`${mock.url}/v1/workers`, {
    method: 'POST',
    headers: json,
    body: CREATE,
  })
  const real = MockCreateWorkerResponse.parse(await created.json())
  const { entries } = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as {
    entries: { response: { body: { tokens: Record<string, string> } } }[]
  }
  const copy = entries[0]?.response.body
  expect(copy?.tokens['owner']).toMatch(/^\[REDACTED\]/) // the journal's copy is masked
  const rule = await fetch(`${mock.url}/__mock/rules`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      match: { operation: 'createWorker' },
      times: 1,
      respond: { status: 201, body: copy },
    }),
  })
  expect(rule.status).toBe(201)
  const answered = await (
    await fetch(`${mock.url}/v1/workers`, { method: 'POST', headers: json, body: CREATE })
  ).json()
  const parsed = MockCreateWorkerResponse.safeParse(answered)
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  for (const [name, token] of Object.entries(parsed.data?.tokens ?? {})) {
    expect.soft(token, name).not.toMatch(/REDACTED/)
    expect.soft(token.length, name).toBe(real.tokens[name as keyof typeof real.tokens].length)
    expect.soft(token, name).not.toBe(real.tokens[name as keyof typeof real.tokens])
  }
})

it('keeps a literal that only holds the mask inside a longer text as it is', async () => {
  mock = await startMockServer({ port: 0, host: '127.0.0.1' })
  await fetch(`${mock.url}/__mock/rules`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      match: { operation: 'createWorker' },
      times: 1,
      respond: { status: 200, body: { note: 'the key was [REDACTED] here' } },
    }),
  })
  const answered = await (
    await fetch(`${mock.url}/v1/workers`, { method: 'POST', headers: json, body: CREATE })
  ).json()
  expect(answered).toEqual({ note: 'the key was [REDACTED] here' })
})
