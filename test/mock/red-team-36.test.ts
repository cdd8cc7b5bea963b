import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { REDACTED } from '../../src/secrets/index.js'
import { createdTokens, providerPath } from '../helpers/requests.js'
import { send } from '../helpers/send.js'

// A blind red team's findings after this round's masking work (1 479 cases), by kind: a secret in
// a place the journal kept as it came (a content type, a header's name), a secret a worker's
// fields derive from (its workspace path's slug of the name), a token of an earlier run, and a
// path masked into no path at all (its HAR and Pact exports failed with a 500).

const KEY = 'sk-ant-9NMG70hvh2iaoayeozvg18n0tc8Xq'
const learnKey = async (app: ReturnType<typeof createMockApp>) => {
  const res = await send(app, 'PATCH', providerPath(app), {
    source: 'custom',
    apiKey: KEY,
  })
  expect(res.status).toBe(200)
}
const everything = async (app: ReturnType<typeof createMockApp>) =>
  [
    JSON.stringify(app.control.journal.list()),
    (await send(app, 'GET', '/__mock/requests.har')).text,
    (await send(app, 'GET', '/__mock/requests.pact.json')).text,
    (await send(app, 'GET', '/__mock/state')).text,
  ].join('\n')
const leaks = (text: string, secret: string) =>
  text.includes(secret) || text.toLowerCase().includes(secret.slice(0, 24).toLowerCase())

describe('secrets the journal kept as they came', () => {
  it("masks a key sent in a request's content type or as a header's name", async () => {
    const app = createMockApp()
    await learnKey(app)
    const res = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': `application/json; boundary=${KEY}`, [`x-${KEY}`]: 'v' },
      body: JSON.stringify({ name: 'n', destination: 'local' }),
    })
    expect(res.status).toBeLessThan(500)
    const all = await everything(app)
    expect(leaks(all, KEY)).toBe(false)
    expect(all).toContain(REDACTED)
  })

  it('quotes a refused Prefer code masked before it is cut: no piece of a key is left', async () => {
    const app = createMockApp()
    await learnKey(app)
    const res = await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'n', destination: 'local' },
      {
        prefer: `code=${KEY}`,
      },
    )
    expect(res.status).toBe(400)
    const all = `${res.text}\n${await everything(app)}`
    expect(all).not.toContain(KEY.slice(0, 12))
    expect(all).toContain(`code=${REDACTED}`)
  })

  it("derives a worker's workspace path from its masked name: no key comes back lower-cased", async () => {
    const app = createMockApp()
    await learnKey(app)
    const res = await send(app, 'POST', '/v1/workers', {
      name: `prefix${KEY}`,
      destination: 'local',
    })
    expect(res.status).toBe(201)
    const { workspacePath } = (res.body as { worker: { workspacePath: string } }).worker
    expect(workspacePath.toLowerCase()).not.toContain(KEY.slice(0, 12).toLowerCase())
    expect(leaks(await everything(app), KEY)).toBe(false)
  })

  it('masks a token an earlier run of the same seed handed out, before this run hands out any', async () => {
    const earlier = createMockApp()
    const { owner } = await createdTokens(earlier)
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', {
      name: 'b',
      destination: 'local',
      description: `saved token ${owner}`,
    })
    expect(res.status).toBe(201)
    expect(JSON.stringify(app.control.journal.list())).not.toContain(owner)
  })
})

describe('character references written with leading zeros', () => {
  it('are masked as the references a form spells', async () => {
    const app = createMockApp()
    await learnKey(app)
    const codes = [...KEY].map((c) => c.charCodeAt(0))
    for (const description of [
      codes.map((code) => `&#x00${code.toString(16)};`).join(''),
      codes.map((code) => `&#000${code};`).join(''),
    ]) {
      const res = await send(app, 'POST', '/v1/workers', {
        name: 'n',
        destination: 'local',
        description,
      })
      expect(res.status).toBe(201)
      expect(JSON.stringify(app.control.journal.list())).not.toContain(description.slice(0, 60))
    }
  })
})

describe('a path masked in the journal', () => {
  it('stays a path, and its HAR and Pact exports answer', async () => {
    const app = createMockApp()
    const { owner } = await createdTokens(app)
    const encoded = Buffer.from(owner).toString('base64')
    await send(app, 'PATCH', `/v1/workers/M1/${encoded}`, { name: 'p' })
    const paths = app.control.journal.list().map((entry) => entry.path)
    expect(paths).toContain(`/v1/workers/M1/${REDACTED}`)
    for (const path of ['/__mock/requests.har', '/__mock/requests.pact.json']) {
      const res = await send(app, 'GET', path)
      expect(res.status, path).toBe(200)
      expect(res.text, path).not.toContain(encoded)
    }
  })

  it('is masked whole behind its slash when a secret spans its segments', async () => {
    const app = createMockApp()
    // A key with a slash (base64's alphabet has one): sent in a path, it spans two segments.
    const slashed = 'Zk9vYmFy/QmF6cXV4c2VjcmV0a2V5MTIz'
    await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      apiKey: slashed,
    })
    await send(app, 'PATCH', `/v1/workers/${slashed}`, { name: 'p' })
    const paths = app.control.journal.list().map((entry) => entry.path)
    expect(paths).toContain(`/v1/workers/${REDACTED}`)
    expect(paths.join('\n')).not.toContain(slashed.slice(9))
    expect((await send(app, 'GET', '/__mock/requests.pact.json')).status).toBe(200)
  })
})
