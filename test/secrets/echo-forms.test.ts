// A credential a request carried is masked in every form wherever it comes back later, not only
// in its own request's entry: a later request's entry, the state and the export (issue 32, the
// blind red team's main kind). Over HTTP against a started mock.
import { afterEach, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'

let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const json = { 'content-type': 'application/json' }
const TOKEN = 'tok-echo-forms-7f3a9c2e41b8'

const FORMS: [string, (token: string) => string][] = [
  ['glued to other text', (t) => `x${t}y`],
  ['upper-cased', (t) => t.toUpperCase()],
  ['percent-encoded', (t) => [...t].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('')],
  ['as HTML references', (t) => [...t].map((ch) => `&#${ch.charCodeAt(0)};`).join('')],
  ['base64 after a prefix', (t) => Buffer.from(`u:${t}`).toString('base64')],
]

it.each(FORMS)(
  'masks a credential sent earlier when a later request echoes it %s: its entry, the state, the export',
  async (_, form) => {
    mock = await startMockServer({ port: 0, host: '127.0.0.1' })
    const first = await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ name: 'first', destination: 'local' }),
    })
    expect(first.status).toBe(201)
    const echoed = form(TOKEN)
    const later = await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `echo ${echoed}`, destination: 'local' }),
    })
    expect(later.status).toBe(201)
    for (const path of ['/__mock/requests', '/__mock/state', '/__mock/scenario/export']) {
      const text = await (await fetch(`${mock.url}${path}`)).text()
      expect.soft(text, path).not.toContain(echoed)
    }
  },
)
