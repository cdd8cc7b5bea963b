// One test table, generated from the secrets policy (issue 32, item 7): each entry of the policy's
// names is a carrier (a credential header, a query parameter, a JSON field), each carrier gets a
// fresh secret, and each place the mock writes (the journal, its HAR, the state, the scenario
// export) is searched for it. A new entry of the policy is a new row here at once. Over HTTP
// against a started mock; each row in a session of its own.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { SECRET_POLICY } from '../../src/secrets/policy.js'

/** A name the pattern matches, drawn once with a fixed seed: `api[-_]?key` gives `api-key`. */
const nameOf = (pattern: string, index: number) =>
  fc
    .sample(fc.stringMatching(new RegExp(`^(?:${pattern})$`)), { seed: 32 + index, numRuns: 1 })[0]
    ?.replace(/[^A-Za-z0-9_-]/g, '') ?? pattern

/** A secret no test value shares a piece with. */
const secretFor = (row: string) =>
  `S3cr3t-${row.replace(/[^A-Za-z0-9]/g, '')}-${Math.random().toString(36).slice(2, 12)}`

type Row = {
  readonly carrier: string
  readonly secret: string
  /** The request that carries it: extra headers, a query, a body. */
  readonly headers: Record<string, string>
  readonly query: string
  readonly body: Record<string, unknown>
}

const rows: Row[] = [
  ...SECRET_POLICY.headerNames.map((pattern, i): Row => {
    const header = `x-${nameOf(pattern, i)}`
    const secret = secretFor(header)
    return {
      carrier: `header ${header}`,
      secret,
      headers: { [header]: secret },
      query: '',
      // The body echoes it: a page that repeats what it was sent.
      body: { name: `echo ${secret}`, destination: 'local' },
    }
  }),
  ...SECRET_POLICY.parameters.map((parameter): Row => {
    const secret = secretFor(parameter)
    return {
      carrier: `query ?${parameter}=`,
      secret,
      headers: {},
      query: `?${parameter}=${secret}`,
      body: { name: 'plain', destination: 'local' },
    }
  }),
  ...SECRET_POLICY.fieldNames.map((pattern, i): Row => {
    const field = nameOf(pattern, 100 + i)
    const secret = secretFor(field)
    return {
      carrier: `JSON field "${field}"`,
      secret,
      headers: {},
      query: '',
      // An extra field: the create is refused (400), and its request is journalled all the same.
      body: { name: 'plain', destination: 'local', [field]: secret },
    }
  }),
  ...SECRET_POLICY.authParameters.map((parameter): Row => {
    const secret = secretFor(parameter)
    return {
      carrier: `credential parameter ${parameter}=`,
      secret,
      headers: { authorization: `Scheme realm="kit", ${parameter}="${secret}"` },
      query: '',
      // The body echoes the parameter's value alone.
      body: { name: `echo ${secret}`, destination: 'local' },
    }
  }),
  ...SECRET_POLICY.exactFieldNames.flatMap((field): Row[] => {
    const secret = secretFor(field)
    const inQuery = secretFor(`query${field}`)
    return [
      {
        carrier: `JSON field "${field}"`,
        secret,
        headers: {},
        query: '',
        body: { name: 'plain', destination: 'local', [field]: secret },
      },
      {
        carrier: `query ?${field}=`,
        secret: inQuery,
        headers: {},
        query: `?${field}=${inQuery}`,
        body: { name: 'plain', destination: 'local' },
      },
    ]
  }),
]

let mock: MockServer
beforeAll(async () => {
  mock = await startMockServer({ port: 0, host: '127.0.0.1' })
})
afterAll(() => mock?.close())

describe('the secrets policy as a table: carrier × place', () => {
  it.each(rows.map((row, i) => [row.carrier, row, `policy-row-${i}`] as const))(
    '%s: in no place the mock writes',
    async (_, row, session) => {
      const inSession = { 'x-mock-session': session }
      const res = await fetch(`${mock.url}/v1/workers${row.query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...inSession, ...row.headers },
        body: JSON.stringify(row.body),
      })
      expect([201, 400]).toContain(res.status)
      const places = {
        journal: `/__mock/requests?session=${session}`,
        HAR: `/__mock/requests.har?session=${session}`,
        Pact: `/__mock/requests.pact.json?session=${session}`,
        state: '/__mock/state',
        export: '/__mock/scenario/export',
      }
      for (const [place, path] of Object.entries(places)) {
        const text = await (await fetch(`${mock.url}${path}`, { headers: inSession })).text()
        expect.soft(text, place).not.toContain(row.secret)
      }
      // The journal holds the request all the same: it was masked, not left out.
      const journal = await (await fetch(`${mock.url}${places.journal}`)).text()
      expect.soft(journal).toContain('/v1/workers')
    },
  )
})
