import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import { REDACTED } from '../../src/secrets/index.js'
import { providerPath } from '../helpers/requests.js'
import { send } from '../helpers/send.js'

// A second blind red team, on leaks and on masking too eagerly (67 cases, 57 passed), by kind: a
// credential by its look that the quoting of a request missed (a JWT in a path, a `token=` in a
// refused Prefer code), a key answered back in another field the client wrote, and the book
// learning its own mask read back (`token=[REDACTED]` in an answer), which then garbled the mask in
// every later text.

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMTIzNDU2Nzg5MCJ9.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'

describe('a request quoted back', () => {
  it('masks a JWT in a path in the problem, the journal and the log', async () => {
    const lines: string[] = []
    const app = createMockApp({ log: (line) => lines.push(line) })
    const unknown = await send(app, 'GET', `/nope/${JWT}`)
    const known = await send(app, 'PATCH', `/v1/workers/${JWT}`, { name: 'x' })

    expect([unknown.status, known.status]).toEqual([404, 400])
    for (const text of [unknown.text, known.text, lines.join('\n')])
      expect.soft(text).not.toContain(JWT.slice(0, 40))
    expect(JSON.parse(unknown.text).instance).toBe(`/nope/${REDACTED}`)
  })

  it("masks a JWT in a path in the proxy's own problem (its target down)", async () => {
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    const res = await proxy.request(`/x/${JWT}`)

    expect(res.status).toBe(502)
    expect(await res.text()).not.toContain(JWT.slice(0, 40))
  })

  it('masks a `token=` refused as a Prefer code before it is cut', async () => {
    const app = createMockApp()
    const res = await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'n', destination: 'local' },
      { prefer: 'code=token=prefsecretabcdefghijklmnop' },
    )

    expect(res.status).toBe(400)
    expect(res.text).not.toContain('prefsecret')
    expect(JSON.stringify(app.control.journal.list())).not.toContain('prefsecret')
  })
})

describe('a key in any field of the provider the client wrote', () => {
  const KEY = 'sk-ant-REALKEY-0123456789abcdef'

  it('is masked in its provider id and model ids, as it is sent and later', async () => {
    const app = createMockApp()
    const path = providerPath(app)
    const first = await send(app, 'PATCH', path, {
      source: 'custom',
      apiKey: KEY,
      providerId: `p-${KEY}`,
      modelIds: [`${KEY}x`, 'plain-model'],
    })
    const later = await send(app, 'PATCH', path, { source: 'custom', providerId: KEY })

    for (const res of [first, later]) {
      expect(res.status).toBe(200)
      expect(res.text).not.toContain(KEY.slice(0, 14))
    }
    expect(JSON.parse(first.text).llmProvider.modelIds).toEqual([`${REDACTED}x`, 'plain-model'])
  })
})

describe('the mask read back', () => {
  it('is never learnt: later texts keep the mask as it is written', async () => {
    const app = createMockApp()
    // Its 415 quotes `token=[REDACTED]`, and the journal reads the answer for secrets.
    const refused = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'text/plain; token=sk-ctsecret-123456' },
      body: 'x',
    })
    expect(refused.status).toBe(415)
    const name = `note ${REDACTED} ok`
    const created = await send(app, 'POST', '/v1/workers', { name, destination: 'local' })
    expect(created.status).toBe(201)

    const journal = JSON.stringify(app.control.journal.list())
    const exported = (await send(app, 'GET', '/__mock/scenario/export')).text
    for (const text of [journal, exported]) expect.soft(text).not.toContain(`${REDACTED}]`)
    expect(exported).toContain(name)
    expect(journal).toMatch(/"owner":"\[REDACTED\] \(\d+ chars\)"/)
  })
})
