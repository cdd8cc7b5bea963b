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

/** A create answer of the mock, as staging would give it. */
const createdAnswer = async (): Promise<unknown> => {
  const app = createMockApp({ scenario: 'empty' })
  const res = await app.request('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'w', destination: 'local' }),
  })
  return res.json()
}

describe('scenarioFromHar', () => {
  it('masks a cookie of the app echoed without its name, in base64 too', async () => {
    const sid = 's3ss10n-0123456789abcdef'
    const created = await createdAnswer()
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

  it('masks what any entry carried: other hosts, logins, queries, a URL password, HAR cookies, Set-Cookie', async () => {
    const planted = Array.from({ length: 7 }, (_, i) => `PLANTED-${i}-0123456789abcdef`)
    const [bearer, password, formToken, queryToken, urlPassword, harCookie, setCookie] = planted
    const created = await createdAnswer()
    Object(Reflect.get(Object(created), 'worker')).description = planted.join(' ')
    const entry = (method: string, url: string, extra: Record<string, unknown> = {}) => ({
      request: { method, url, headers: [], ...extra },
      response: { status: 200, content: {} },
    })
    const har = harOf([], created)
    const create = har.log.entries[0]
    if (create === undefined) throw new Error('no create entry')
    create.request.url = `https://deploy:${urlPassword}@staging.example.com/v1/workers?access_token=${queryToken}`
    Object.assign(create.request, { cookies: [{ name: 'sid', value: harCookie }] })
    const others = [
      entry('GET', 'https://analytics.example.net/collect', {
        headers: [{ name: 'Authorization', value: `Bearer ${bearer}` }],
      }),
      entry('POST', 'https://staging.example.com/v1/auth/login', {
        postData: { params: [{ name: 'password', value: password }] },
      }),
      entry('POST', 'https://staging.example.com/oauth/token', {
        postData: { text: `grant_type=refresh&refresh_token=${formToken}` },
      }),
      {
        ...entry('GET', 'https://staging.example.com/'),
        response: {
          status: 200,
          content: {},
          headers: [{ name: 'Set-Cookie', value: `s=${setCookie}; Path=/; HttpOnly` }],
        },
      },
    ]

    const scenario = JSON.stringify(
      scenarioFromHar({ log: { entries: [...others, create] } }, 'x.har'),
    )

    expect(scenario).toContain('[REDACTED]')
    expect(planted.filter((secret) => scenario.includes(secret))).toEqual([])
  })
})
