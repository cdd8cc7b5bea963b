// A secret in a query string is masked whole: its value runs to the next unencoded `&` (or `#`,
// or the end), whatever escapes it holds (issue 17, item 6). Before, masking stopped at the
// decoded space or `&`: `?password=correct%20horse%20battery` journalled `horse battery`.
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../src/mock/app.js'
import { createProxyApp } from '../src/proxy/create-proxy-app.js'
import { SECRET_POLICY } from '../src/secrets/policy.js'
import { SECRET_PARAMETERS } from '../src/secrets/redact.js'

/** A query, and the parts of its secret that must not show: each after an escape. */
const QUERIES: readonly (readonly [string, readonly string[]])[] = [
  ['?token=Bearer%20tok-live-4b1f9e0c&x=1', ['tok-live-4b1f9e0c']],
  ['?authorization=Basic%20dXNlcjpwYXNzd29yZA%3D%3D', ['dXNlcjpwYXNzd29yZA']],
  ['?password=correct%20horse%20battery#top', ['horse', 'battery']],
  ['?api_key=sk%26restofthekey&x=1', ['restofthekey']],
  ['?x=1&access_token=a%2Bb%20secondhalf', ['secondhalf']],
]

/** The parameter names the issue lists, each a secret's by itself, and the table's own. */
const NAMES = [
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'secret',
  'authorization',
  'auth',
  'sig',
  'signature',
  ...SECRET_PARAMETERS,
  ...SECRET_POLICY.exactFieldNames,
]

const createBody = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'w', destination: 'local' }),
}

const throughMock = async (query: string) => {
  const lines: string[] = []
  const app = createMockApp({ log: (line) => lines.push(line) })
  await app.request(`/v1/workers${query}`, createBody)
  const journal = await (await app.request('/__mock/requests')).text()
  return { journal, log: lines.join('\n') }
}

const throughProxy = async (query: string) => {
  const lines: string[] = []
  const target = createMockApp()
  const proxy = createProxyApp({
    target: 'http://target.test',
    fetch: async (input, init) => target.request(input, init),
    log: (line) => lines.push(line),
  })
  await proxy.request(`/v1/workers${query}`, createBody)
  const journal = await (await proxy.request('/__mock/requests')).text()
  return { journal, log: lines.join('\n') }
}

describe.each([
  ['the mock', throughMock],
  ['the proxy', throughProxy],
])('a query secret through %s', (_who, through) => {
  it.each(QUERIES)('is masked whole in %s', async (query, parts) => {
    const { journal, log } = await through(query)

    expect(journal).toContain('[REDACTED]')
    for (const part of parts) {
      expect(journal).not.toContain(part)
      expect(log).not.toContain(part)
    }
  })

  it.each(NAMES)('masks the parameter %s', async (name) => {
    const { journal } = await through(`?${name}=first%20second-PLANTED&x=1`)

    expect(journal).not.toContain('PLANTED')
    expect(journal).toContain(`${name}=[REDACTED]`)
  })
})
