// Secrets that reached the journal in clear (issue 8, item 7): a percent-encoded name next to a
// broken escape, and `name: value` lines in a body that is not JSON. Read back through the admin
// API, as a test author or a page would.
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'

const SECRET = 'sk-live-PLANTED-7c1e93'

const journalText = async (app: MockApp) => {
  const res = await app.request('/__mock/requests')
  if (res.status !== 200) throw new Error(`journal read failed: ${res.status}`)
  return res.text()
}

const providerPath = (app: MockApp) =>
  `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`

describe('journal secrets', () => {
  it.each([
    ['an encoded name next to a broken escape', `?api%4Bey=${SECRET}&x=%E0%A4`],
    ['a broken escape first', `?x=%E0%A4&api%4Bey=${SECRET}`],
    ['an encoded name and a lone %', `?x=100%&api%4Bey=${SECRET}`],
    ['an encoded = after the name', `?apiKey%3D${SECRET}&x=%ZZ`],
    ['a doubly encoded name', `?api%254Bey=${SECRET}&x=%E0%A4`],
  ])('masks a query secret with %s', async (_what, query) => {
    const app = createMockApp()

    await app.request(`/v1/workers${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const journal = await journalText(app)

    expect(journal).toContain('/v1/workers')
    expect(journal).not.toContain(SECRET)
  })

  it('keeps the rest of a query with a broken escape readable', async () => {
    const app = createMockApp()

    await app.request(`/v1/workers?api%4Bey=${SECRET}&x=%E0%A4&name=kept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const [entry] = app.control.journal.list()

    expect(entry?.query).toMatch(/^\?apiKey=\[REDACTED\]&x=.*&name=kept$/)
  })

  it.each([
    ['apiKey: value', `apiKey: ${SECRET}`],
    ['a quoted value', `api_key: '${SECRET}'`],
    ['several lines', `source: custom\nAuthorization: Bearer ${SECRET}\nmodel: m`],
    ['a CRLF line', `client_secret=x\r\nx-api-key:${SECRET}\r\n`],
    ['YAML-like indentation', `provider:\n  apiKey: ${SECRET}\n`],
    ['a JavaScript-like object', `{ apiKey: ${SECRET}, source: 'custom' }`],
  ])('masks %s in a text/plain body answered 415', async (_what, body) => {
    const app = createMockApp()

    const res = await app.request(providerPath(app), {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body,
    })
    const journal = await journalText(app)

    expect(res.status).toBe(415)
    expect(journal).toContain('[REDACTED]')
    expect(journal).not.toContain(SECRET)
  })

  it('keeps a text body without secret names as it was sent', async () => {
    const app = createMockApp()

    await app.request(providerPath(app), {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body: 'source: custom\nnote: keep me',
    })
    const [entry] = app.control.journal.list()

    expect(entry?.request.body).toBe('source: custom\nnote: keep me')
  })
})

// The mock masks what the proxy masks (issue 17, item 6): a key repeated in `customConfigText`,
// in the same request or a later one of the session, and the `Authorization` a request carried
// echoed in its body. Before, only fields named as secrets were masked.
describe('secrets repeated under other names', () => {
  const KEY = 'sk-live-123PLANTEDkey456'
  const TOKEN = 'tok-PLANTED-bearer-9f3c1a'

  const readAll = async (app: MockApp, headers: Record<string, string> = {}) => ({
    journal: await journalText(app),
    state: await (await app.request('/__mock/state', { headers })).text(),
  })
  const patchProvider = (app: MockApp, body: object, headers: Record<string, string> = {}) =>
    app.request(providerPath(app), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('masks an apiKey repeated in customConfigText of the same request', async () => {
    const app = createMockApp()

    const res = await patchProvider(app, {
      source: 'custom',
      apiKey: KEY,
      customConfigText: JSON.stringify({ key: KEY }),
    })
    expect(res.status).toBe(200)
    const { journal, state } = await readAll(app)

    expect(journal).toContain('customConfigText')
    expect(state).toContain('customConfigText')
    expect(journal).not.toContain(KEY)
    expect(state).not.toContain(KEY)
  })

  it('masks a key set earlier in the session when a later request repeats it', async () => {
    const app = createMockApp()
    const session = { 'x-mock-session': 'keys' }

    await patchProvider(app, { source: 'custom', apiKey: KEY }, session)
    const res = await patchProvider(
      app,
      { source: 'custom', customConfigText: `{"key":"${KEY}"}` },
      session,
    )
    expect(res.status).toBe(200)
    const { journal, state } = await readAll(app, session)

    expect(journal).not.toContain(KEY)
    expect(state).not.toContain(KEY)
    expect(state).toContain('[REDACTED]')
  })

  it.each([
    ['hex in capitals', (key: string) => Buffer.from(key).toString('hex').toUpperCase()],
    ['hex in small letters', (key: string) => Buffer.from(key).toString('hex')],
    [
      'decimal character references',
      (key: string) => [...key].map((c) => `&#${c.codePointAt(0)};`).join(''),
    ],
    [
      'hex character references',
      (key: string) => [...key].map((c) => `&#x${c.codePointAt(0)?.toString(16)};`).join(''),
    ],
    ['base64', (key: string) => Buffer.from(key).toString('base64')],
  ])(
    'masks an apiKey repeated as %s in customConfigText, then and in later requests',
    async (_, formOf) => {
      const app = createMockApp()
      const session = { 'x-mock-session': 'forms' }
      const form = formOf(KEY)

      await patchProvider(
        app,
        { source: 'custom', apiKey: KEY, customConfigText: `k=${form} ` },
        session,
      )
      await patchProvider(app, { source: 'custom', customConfigText: `again ${form}` }, session)
      const { journal, state } = await readAll(app, session)

      expect(journal).toContain('again')
      expect(journal).not.toContain(form)
      expect(state).not.toContain(form)
    },
  )

  const ENCODED = `${TOKEN}+/` // percent-encoded in the cookie, sent decoded in the body
  it.each([
    ['the Authorization', { authorization: `Bearer ${TOKEN}` }, TOKEN],
    ['an X-Api-Key header', { 'x-api-key': TOKEN }, TOKEN],
    ['a cookie of a Cookie header', { cookie: `theme=dark; sid=${TOKEN}` }, TOKEN],
    [
      'a percent-encoded, quoted cookie',
      { cookie: `sid="${encodeURIComponent(ENCODED)}"` },
      ENCODED,
    ],
  ])('masks %s a request carried, echoed in its body', async (_what, headers, sent) => {
    const app = createMockApp()

    const res = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        name: `worker ${sent}`,
        description: `was ${Buffer.from(sent).toString('base64')}`,
        destination: 'local',
      }),
    })
    expect(res.status).toBe(201)
    const { journal, state } = await readAll(app)

    expect(journal).toContain('worker [REDACTED]')
    for (const text of [journal, state]) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(Buffer.from(sent).toString('base64'))
    }
  })
})

describe('tokens the mock hands out', () => {
  it('masks a token a create answered wherever a later request sends it back, in the journal and its HAR', async () => {
    const app = createMockApp()
    const json = { 'content-type': 'application/json' }
    const created = await app.request('/v1/workers', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'tokens', destination: 'local' }),
    })
    const { worker, tokens } = await created.json()
    await app.request(`/v1/workers/${worker.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ name: `uses ${tokens.owner}` }),
    })
    const har = await (await app.request('/__mock/requests.har')).text()

    for (const text of [await journalText(app), har]) {
      expect(text).not.toContain(tokens.owner)
      expect(text).toContain('uses [REDACTED]')
    }
  })
})
