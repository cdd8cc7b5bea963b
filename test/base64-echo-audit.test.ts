// A server that echoes the credential it was sent inside base64 at an offset (`base64("u:" +
// token)`, a base64url JSON claim, a header line), in-process: neither the contract's reports
// (console, JSON, JUnit, HTML) nor the proxy's journal may hold anything that decodes back to it
// (issue 32, item 3; before, each quoted the echo as it came).
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { runContract } from '../src/contract/index.js'
import { formatReport, formatResultLine } from '../src/contract/reporters/console.js'
import { formatHtml } from '../src/contract/reporters/html.js'
import { formatJson } from '../src/contract/reporters/json.js'
import { formatJunit } from '../src/contract/reporters/junit.js'
import { createMockApp } from '../src/mock/app.js'
import { createProxyApp } from '../src/proxy/create-proxy-app.js'
import { decodesToSecret } from './helpers/base64-decodings.js'

const TOKEN = 'PLANTED-b64-tok/4f9e+2a7c'
const AUTHORIZATION = `Bearer ${TOKEN}`
const SEED = 3

/** The bearer token after its scheme, as the echoing server reads it. */
const bearerOf = (authorization: string | undefined) =>
  authorization?.replace(/^Bearer\s+/i, '') ?? ''

/** The token at each alignment: after 2 bytes, after 7 (base64url), and in a header line. */
const echoesOf = (authorization: string | undefined) => ({
  basicEcho: Buffer.from(`u:${bearerOf(authorization)}`).toString('base64'),
  claimEcho: Buffer.from(`{"tk":"${bearerOf(authorization)}"}`).toString('base64url'),
  headerEcho: Buffer.from(`Authorization: ${authorization}`).toString('base64'),
})

/**
 * The mock, with the echoes first in every JSON answer (where an excerpt cut short still quotes
 * them), each answer a 200: a refusal made an acceptance is a finding, and findings quote answers.
 */
const echoingServer = () => {
  const mock = createMockApp()
  const app = new Hono().all('*', async (c) => {
    // fetch, not request: see test/contract/reporters.test.ts.
    const answer = await mock.fetch(c.req.raw.clone())
    if (!answer.headers.get('content-type')?.includes('json')) return answer
    // A cast in a test: every JSON answer of the mock is an object.
    const json = (await answer.json()) as Record<string, unknown>
    return c.json({ ...echoesOf(c.req.header('authorization')), ...json }, 200)
  })
  return { app, ids: mock.ids }
}

/** The texts that hold a secret: the token, or anything whose base64 decodes to it. */
const leaking = (outputs: Record<string, string>) =>
  Object.entries(outputs)
    .filter(([, text]) => text.includes(TOKEN) || decodesToSecret(text, TOKEN))
    .map(([name]) => name)

describe('a credential echoed in base64 at an offset', () => {
  it('is in none of the contract reports, console, JSON, JUnit or HTML', async () => {
    const { app, ids } = echoingServer()
    const report = await runContract({
      baseUrl: 'http://echoing.test',
      fetch: (input, init) => app.request(input, init),
      headers: { Authorization: AUTHORIZATION },
      ...ids,
      seed: SEED,
      runs: 2,
      allowCloud: true,
    })
    const outputs = {
      console: [formatReport(report), ...report.results.map(formatResultLine)].join('\n'),
      json: formatJson(report),
      junit: formatJunit(report),
      html: formatHtml(report),
    }

    // Every output quoted the echoes (the fields are there), masked.
    for (const text of Object.values(outputs)) expect.soft(text).toContain('claimEcho')
    expect.soft(leaking(outputs)).toEqual([])
  })

  it("is not in the proxy's journal", async () => {
    const { app } = echoingServer()
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async (input, init) => app.request(input, init),
    })
    const created = await proxy.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: AUTHORIZATION },
      body: JSON.stringify({ name: 'echoed', destination: 'local' }),
    })
    const answer = await created.text()
    const journal = await (await proxy.request('/__mock/requests')).text()

    expect.soft(answer).toContain('basicEcho') // the client gets the answer as it came
    expect.soft(journal).toContain('basicEcho')
    expect.soft(leaking({ journal, entries: JSON.stringify(proxy.journal.list()) })).toEqual([])
  })
})
