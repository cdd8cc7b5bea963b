import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'

/** More creates than the count bound the proxy once had (1 000 secrets: 334 creates of 3 tokens). */
const CREATES = 400

/**
 * A target that hands out tokens on every create, as staging does, and later echoes the tokens
 * of the first and the last create in a rename's answer (the worker's description) and in an
 * answer to a path of none of the API's operations.
 */
const echoingTarget = () => {
  const mock = createMockApp()
  const tokens: string[][] = []
  const echoed = () => [...(tokens[0] ?? []), ...(tokens.at(-1) ?? [])]
  const app = new Hono()
  app.all('*', async (c) => {
    const body = await c.req.text()
    const init = { method: c.req.method, headers: c.req.raw.headers, ...(body ? { body } : {}) }
    if (c.req.path === '/echo') return c.json({ seen: echoed().join(' ') })
    const answer = await mock.request(c.req.url, init)
    const json = (await answer.json()) as {
      tokens?: Record<string, string>
      worker?: Record<string, unknown>
    }
    if (json.tokens) tokens.push(Object.values(json.tokens))
    if (c.req.method === 'PATCH' && json.worker) json.worker['description'] = echoed().join(' ')
    return c.json(json, answer.status === 201 ? 201 : 200)
  })
  return { app, tokens }
}

describe('tokens a target handed out', () => {
  it(`stay masked in the journal, the log and the recording after ${CREATES} creates`, async () => {
    const target = echoingTarget()
    const lines: string[] = []
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async (input, init) => target.app.request(input, init),
      log: (line) => lines.push(line),
    })
    const headers = { 'content-type': 'application/json' }
    let lastId = ''
    for (let i = 0; i < CREATES; i++) {
      const created = await proxy.request('/v1/workers', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `worker ${i}`, destination: 'local' }),
      })
      expect(created.status).toBe(201)
      const json = (await created.json()) as { worker: { id: string } }
      lastId = json.worker.id
    }
    const renamed = await proxy.request(`/v1/workers/${lastId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: 'renamed' }),
    })
    expect(renamed.status).toBe(200)
    expect(await (await proxy.request('/echo')).text()).toContain('wko_')

    const echoed = [...(target.tokens[0] ?? []), ...(target.tokens.at(-1) ?? [])]
    expect(echoed).toHaveLength(6)
    const outputs = {
      journal: JSON.stringify(proxy.journal.list()),
      log: lines.join('\n'),
      recording: JSON.stringify(proxy.recording.scenario()),
    }
    for (const [name, text] of Object.entries(outputs)) {
      expect({ name, leaked: echoed.filter((token) => text.includes(token)) }).toEqual({
        name,
        leaked: [],
      })
    }
    expect(outputs.recording).toContain('[REDACTED]')
  }, 60_000)
})
