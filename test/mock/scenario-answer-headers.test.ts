import type { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import type { Rule } from '../../src/mock/scenario.js'
import { startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

type RuleInput = z.input<typeof Rule>

const FETCH_TIMEOUT_MS = 5_000
const SCRIPT = '<script>fetch("/__mock/requests").then(r => r.text()).then(alert)</script>'

/** A mock on a free port whose createWorker answers as the rule says. */
const mockAnswering = async (respond: NonNullable<RuleInput['respond']>) => {
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    scenario: {
      name: 'planted',
      rules: [{ match: { operation: 'createWorker' }, respond }],
    },
  })
  servers.push(server)
  return fetch(`${server.url}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'page', destination: 'local' }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  })
}

describe("a scenario rule's answer", () => {
  it('of another content type than JSON is sandboxed and never sniffed, whatever the rule sets', async () => {
    const res = await mockAnswering({
      status: 200,
      body: SCRIPT,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "script-src 'unsafe-inline'",
        'x-content-type-options': 'sniff-away',
      },
    })

    expect.soft(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect.soft(await res.text()).toContain('<script>')
    expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect.soft(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
  })

  it('in JSON is never sniffed either, and keeps the headers the rule set', async () => {
    const res = await mockAnswering({
      status: 202,
      body: { queued: true },
      headers: { 'x-scenario': 'queued' },
    })

    expect.soft(res.headers.get('content-type')).toBe('application/json')
    expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect.soft(res.headers.get('x-scenario')).toBe('queued')
    expect.soft(await res.json()).toEqual({ queued: true })
  })
})
