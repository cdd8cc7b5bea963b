import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { scenarioFromHar } from '../../src/mock/har-scenario.js'

/** A HAR of one create: the app's request with `headers`, and the API's answer `answer`. */
const harOf = (headers: { name: string; value: string }[], answer: unknown) => ({
  log: {
    entries: [
      {
        request: {
          method: 'POST',
          url: 'https://staging.example.com/v1/workers',
          headers,
          postData: { text: JSON.stringify({ name: 'w', destination: 'local' }) },
        },
        response: { status: 201, content: { text: JSON.stringify(answer) } },
      },
    ],
  },
})

describe('scenarioFromHar', () => {
  it('masks a cookie of the app echoed without its name, in base64 too', async () => {
    const sid = 's3ss10n-0123456789abcdef'
    const app = createMockApp({ scenario: 'empty' })
    const created = await (
      await app.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'w', destination: 'local' }),
      })
    ).json()
    const worker = Object(Reflect.get(Object(created), 'worker'))
    worker.description = `${sid} dark`
    worker.imageVersion = Buffer.from(sid).toString('base64')

    const scenario = JSON.stringify(
      scenarioFromHar(
        harOf([{ name: 'Cookie', value: `sid=${sid}; theme=dark` }], created),
        'x.har',
      ),
    )

    expect(scenario).toContain(worker.id) // the worker was read
    expect(scenario).not.toContain(sid)
    expect(scenario).not.toContain(Buffer.from(sid).toString('base64'))
    expect(scenario).toContain('dark') // a short cookie is no credential of its own
  })
})
