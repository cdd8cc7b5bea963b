// Every carrier a client or a file uses teaches the book its secret (issue 32, item 2): a secret
// planted in one carrier of a HAR file, or of a live request, comes back in no place the mock
// writes (its state, its export, its journal and the journal's HAR), in any session touched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'

const json = { 'content-type': 'application/json' }
const PLACES = [
  '/__mock/state',
  '/__mock/scenario/export',
  '/__mock/requests',
  '/__mock/requests.har',
  '/__mock/requests.pact.json',
]
const SESSIONS = ['', 'other']

/** A fresh secret for one row: a token of a kind no other row plants. */
const secretFor = (carrier: string) => `plant${carrier.replace(/\W/g, '')}x7Q2m9Z4k8R1`

type Pair = { name: string; value: string }
type Entry = {
  request: {
    method: string
    url: string
    headers: Pair[]
    postData?: { mimeType?: string; text: string }
  }
  response: {
    status: number
    headers: Pair[]
    content: { mimeType?: string; text?: string }
  }
}

/** A create answer of the mock, its worker named and described with `secret` (staging echoing it). */
const createdAnswer = async (secret: string) => {
  const app = createMockApp({ scenario: 'empty' })
  const res = await app.request('/v1/workers', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: secret, destination: 'local' }),
  })
  const created: unknown = await res.json()
  Object(Reflect.get(Object(created), 'worker')).description = `echo ${secret} echo`
  return JSON.stringify(created)
}

/** A login to another path of the API's host, then a create whose answer echoes `secret`. */
const exchanges = async (secret: string): Promise<{ login: Entry; create: Entry }> => ({
  login: {
    request: {
      method: 'POST',
      url: 'https://staging.example.com/auth/login',
      headers: [],
      postData: { mimeType: 'application/json', text: JSON.stringify({ user: 'ada' }) },
    },
    response: { status: 200, headers: [], content: { mimeType: 'application/json', text: '{}' } },
  },
  create: {
    request: {
      method: 'POST',
      url: 'https://staging.example.com/v1/workers',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      postData: { mimeType: 'application/json', text: '{"name":"w","destination":"local"}' },
    },
    response: {
      status: 201,
      headers: [],
      content: { mimeType: 'application/json', text: await createdAnswer(secret) },
    },
  },
})

const answerBody = (login: Entry, body: unknown) => {
  login.response.content.text = JSON.stringify(body)
}
const jsonField = (name: string) => (secret: string, login: Entry) => {
  if (login.request.postData)
    login.request.postData.text = JSON.stringify({ user: 'ada', [name]: secret })
}

/** Where a file's entries carry the secret: `plant(secret, login, create)`. */
const FILE_CARRIERS: [string, (secret: string, login: Entry, create: Entry) => void][] = [
  [
    "a URL's user name",
    (secret, login) => {
      login.request.url = `https://${secret}@staging.example.com/auth/login`
    },
  ],
  ['a token answer’s access_token', (secret, login) => answerBody(login, { access_token: secret })],
  [
    'a token answer’s refresh_token',
    (secret, login) => answerBody(login, { refresh_token: secret }),
  ],
  ['a token answer’s id_token', (secret, login) => answerBody(login, { id_token: secret })],
  [
    "a login answer's X-Auth-Token header",
    (secret, login) => {
      login.response.headers.push({ name: 'X-Auth-Token', value: secret })
    },
  ],
  [
    'a multipart form field password',
    (secret, login) => {
      login.request.postData = {
        mimeType: 'multipart/form-data; boundary=----b0undary',
        text: `------b0undary\r\nContent-Disposition: form-data; name="user"\r\n\r\nada\r\n------b0undary\r\nContent-Disposition: form-data; name="password"\r\n\r\n${secret}\r\n------b0undary--\r\n`,
      }
    },
  ],
  [
    'a query ?session_id=',
    (secret, login) => {
      login.request.url = `https://staging.example.com/auth/login?session_id=${secret}`
    },
  ],
  ...['pass', 'pwd', 'jwt', 'auth', 'sessionId', 'session_id', 'sid'].map(
    (name): [string, (secret: string, login: Entry) => void] => [
      `a JSON field ${name}`,
      jsonField(name),
    ],
  ),
  [
    'an X-Sig request header',
    (secret, login) => {
      login.request.headers.push({ name: 'X-Sig', value: secret })
    },
  ],
  [
    'a DPoP request header',
    (secret, login) => {
      login.request.headers.push({ name: 'DPoP', value: secret })
    },
  ],
  [
    'a second cookie on a new line of one Set-Cookie',
    (secret, login) => {
      login.response.headers.push({
        name: 'Set-Cookie',
        value: `theme=dark; Path=/\nsid=${secret}; Path=/; HttpOnly`,
      })
    },
  ],
]

/** Writes `har` to a fresh temporary folder, removed after the test. */
const harFile = (har: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-carriers-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'staging.har')
  writeFileSync(file, JSON.stringify(har))
  return file
}

const sessionHeaders = (session: string): Record<string, string> =>
  session === '' ? {} : { 'x-mock-session': session }

/** Every place the app writes, in `session`, as text. */
const placesOf = async (app: MockApp, session: string) =>
  Promise.all(
    PLACES.map(async (place) => {
      const res = await app.request(place, { headers: sessionHeaders(session) })
      return [place, await res.text()] as const
    }),
  )

describe('secrets learnt from a HAR file', () => {
  it.each(FILE_CARRIERS)('masks %s wherever the mock writes', async (carrier, plant) => {
    const secret = secretFor(carrier)
    const { login, create } = await exchanges(secret)
    plant(secret, login, create)
    const app = createMockApp({ scenario: harFile({ log: { entries: [login, create] } }) })

    for (const session of SESSIONS) {
      const state = (await (
        await app.request('/__mock/state', { headers: sessionHeaders(session) })
      ).json()) as { workers: { worker: { id: string } }[] }
      const id = state.workers[0]?.worker.id
      expect(id, 'the HAR file was read').toMatch(/^wrk_/)
      const patched = await app.request(`/v1/workers/${id}`, {
        method: 'PATCH',
        headers: { ...json, ...sessionHeaders(session) },
        body: JSON.stringify({ name: 'touched' }),
      })
      expect.soft(patched.status).toBe(200)
      for (const [place, text] of await placesOf(app, session))
        expect.soft(text, `${place} of session "${session}"`).not.toContain(secret)
    }
  })
})

let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

/** Where a live request carries the secret: its headers and query, and its JSON body's fields. */
const LIVE_CARRIERS: [
  string,
  (secret: string) => { headers?: Record<string, string>; query?: string; body?: object },
][] = [
  ['an X-Sig header', (secret) => ({ headers: { 'x-sig': secret } })],
  ['a DPoP header', (secret) => ({ headers: { dpop: secret } })],
  ['a query ?session_id=', (secret) => ({ query: `?session_id=${secret}` })],
  ['a JSON field pass', (secret) => ({ body: { pass: secret } })],
]

describe('secrets learnt from a live request', () => {
  it.each(LIVE_CARRIERS)(
    'masks %s echoed in the answer wherever the mock writes',
    async (carrier, carry) => {
      const secret = secretFor(carrier)
      mock = await startMockServer({ port: 0, host: '127.0.0.1' })
      const { url } = mock
      const { headers = {}, query = '', body = {} } = carry(secret)
      const res = await fetch(`${url}/v1/workers${query}`, {
        method: 'POST',
        headers: { ...json, 'x-mock-session': 'live', ...headers },
        body: JSON.stringify({ name: secret, destination: 'local', ...body }),
      })
      expect(res.status).toBe(201)

      for (const session of ['live', '']) {
        for (const place of PLACES) {
          const text = await (
            await fetch(`${url}${place}`, { headers: sessionHeaders(session) })
          ).text()
          expect.soft(text, `${place} of session "${session}"`).not.toContain(secret)
        }
      }
      const journal = await (
        await fetch(`${url}/__mock/requests`, { headers: sessionHeaders('live') })
      ).text()
      expect(journal, 'the request was journalled').toContain('/v1/workers')
    },
  )
})
