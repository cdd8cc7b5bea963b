// The second blind red team's findings on issue 32, each a row that failed before its fix:
// an export whose masked strings grew past their bounds, the mock's own admin token repeated by a
// client, and a Digest credential's public parameters learnt as secrets (over-masking the API's paths).
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createSecretBook, REDACTED } from '../../src/secrets/index.js'

const json = { 'content-type': 'application/json' }
const T0 = Date.parse('2026-11-28T00:00:00Z')

describe('second blind red team', () => {
  it('exports a provider whose long fields repeat a short credential within their bounds, and the export loads again', async () => {
    const app = createMockApp({ clock: () => T0 })
    const { orgId, llmProviderId } = app.ids
    const secret = 'Qx7zP2'
    const long = `${secret}.`.repeat(35) // 245 characters, each copy grows by 4 once masked
    const patched = await app.fetch(
      new Request(`http://127.0.0.1/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, {
        method: 'PATCH',
        headers: { ...json, authorization: `Bearer ${secret}` },
        body: JSON.stringify({ source: 'custom', providerId: long, modelIds: [long] }),
      }),
    )
    expect(patched.status).toBe(200)
    const text = await (
      await app.fetch(new Request('http://127.0.0.1/__mock/scenario/export'))
    ).text()
    expect(text).not.toContain(secret)
    expect(() => createMockApp({ clock: () => T0, scenario: JSON.parse(text) })).not.toThrow()
  })

  it("masks the mock's own admin token wherever a client repeats it", async () => {
    const token = 'adm-Tk9v3Lq7Wz2'
    const app = createMockApp({ adminToken: token })
    const created = await app.fetch(
      new Request('http://127.0.0.1/v1/workers', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'box', destination: 'local', description: `was ${token}` }),
      }),
    )
    expect(created.status).toBe(201)
    const admin = { 'x-mock-admin-token': token }
    for (const path of ['/__mock/requests', '/__mock/state', '/__mock/scenario/export']) {
      const text = await (
        await app.fetch(new Request(`http://127.0.0.1${path}`, { headers: admin }))
      ).text()
      expect.soft(text, path).not.toContain(token)
    }
  })

  it("learns a Digest credential's response, never its uri, realm or user", () => {
    const book = createSecretBook()
    book.learnHeaders([
      [
        'authorization',
        'Digest username="alice-user", realm="workers-realm", uri="/v1/workers", nonce="dcd98b7102dd2f0e", response="6629fae49393a05397450978507c4ef1"',
      ],
    ])
    const text = 'POST /v1/workers by alice-user in workers-realm'
    expect(book.mask(text)).toBe(text)
    expect(book.mask('echo 6629fae49393a05397450978507c4ef1')).toBe(`echo ${REDACTED}`)
  })
})
