import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import { createdTokens } from '../helpers/requests.js'
import { send } from '../helpers/send.js'

// Issue 35's blind red team, by kind: the mock's tokens in the encoded forms the policy lists, a
// secret sent as a session's label, and the 404s and 405s of the mock's own paths.

const hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16)).join('')
const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const html = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('')
const journalOf = async (app: ReturnType<typeof createMockApp>) =>
  [
    JSON.stringify(app.control.journal.list()),
    (await send(app, 'GET', '/__mock/requests.har')).text,
    (await send(app, 'GET', '/__mock/state')).text,
  ].join('\n')

describe("the mock's tokens, sent back in another form", () => {
  it('are masked in the journal, its HAR and the state, in every form the policy lists', async () => {
    const app = createMockApp()
    const { owner = '', host = '', client = '' } = await createdTokens(app)
    const { id } = (
      (await send(app, 'POST', '/v1/workers', { name: 'b', destination: 'local' })).body as {
        worker: { id: string }
      }
    ).worker
    const forms = {
      basic: btoa(`user:${owner}`),
      shifted: btoa(`xxuser:${owner}`),
      upper: client.toUpperCase(),
      hex: hex(host),
      html: html(client),
      base64url: base64url(host),
    }
    for (const [form, value] of Object.entries(forms)) {
      await send(app, 'PATCH', `/v1/workers/${id}`, { name: `dbg ${value}` }, { 'x-info': value })
      await send(app, 'GET', `/v1/files/${value}?ref=${value}`)
      expect.soft((await journalOf(app)).includes(value), form).toBe(false)
    }
  })

  it('are masked after a storm of creates, the first token as the last', async () => {
    const app = createMockApp()
    const first = (await createdTokens(app)).owner ?? ''
    for (let i = 0; i < 400; i++) await createdTokens(app)
    const last = (await createdTokens(app)).owner ?? ''
    await send(app, 'GET', `/v1/workers?ref=${first.toUpperCase()}&b=${btoa(`u:${last}`)}`)
    const journal = await journalOf(app)
    expect(journal).not.toContain(first.toUpperCase())
    expect(journal).not.toContain(btoa(`u:${last}`))
  })
})

describe('a token the mock handed out, sent as the session label', () => {
  it('is refused with a 400 naming x-mock-session, and no session is made of it', async () => {
    const app = createMockApp()
    const { owner } = await createdTokens(app)
    const res = await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'c', destination: 'local' },
      {
        'x-mock-session': owner,
      },
    )
    expect(res.status).toBe(400)
    expect(res.text).toContain('/headers/x-mock-session')
    expect(res.text).not.toContain(owner)
    expect((await send(app, 'GET', '/__mock/sessions')).text).not.toContain(owner)
  })
})

describe("the mock's own paths", () => {
  it('answer another method with a 405 naming the methods they take', async () => {
    const app = createMockApp()
    for (const [method, path, allow] of [
      ['DELETE', '/__mock/health', 'GET'],
      ['POST', '/__mock/state', 'GET, PUT'],
      ['POST', '/docs', 'GET'],
    ] as const) {
      const res = await send(app, method, path, method === 'DELETE' ? undefined : {})
      expect.soft(res.status, `${method} ${path}`).toBe(405)
      expect.soft(res.headers.get('allow'), `${method} ${path}`).toBe(allow)
    }
  })

  it('name --passthrough only where it would help', async () => {
    const plain = createMockApp()
    const passing = createMockApp({ passthrough: 'http://127.0.0.1:9' })
    const detailOf = async (app: ReturnType<typeof createMockApp>, path: string) =>
      ((await send(app, 'GET', path)).body as { detail: string }).detail
    expect(await detailOf(plain, '/v1/nope')).toContain('--passthrough')
    for (const path of ['/__mock/nope', '/__mock/state/nope'])
      expect(await detailOf(plain, path)).toBe(`No route GET ${path}.`)
    expect(await detailOf(passing, '/__mock/nope')).toBe('No route GET /__mock/nope.')
  })

  it("on the proxy, the admin prefix's paths answer another method with a 405", async () => {
    const target = createMockApp()
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async (input, init) => target.request(input, init),
    })
    const res = await proxy.request('/__mock/health', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
  })
})
