// The Pact file of a recording, as a broker user reads it: from the mock's journal
// (`GET /__mock/requests.pact.json`) and from a HAR (`worker-api-kit pact FILE.har`). Pact's own
// verifier holds it to providers in pact-verify.test.ts; this file holds what it says.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { type PactFile, pactFromHar } from '../../src/pact/index.js'
import { DATE_TIME_PATTERN } from '../../src/schemas/date-time.js'
import { APP_API_KEY, APP_TOKEN, recordSession } from '../contract/replay-session.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'

const { dirs } = cleanUpAfterEach()

const har = await recordSession()
const pact = pactFromHar(har)
const interaction = (index: number) =>
  pact.interactions.find((i) => i.description.startsWith(`#${index} `))

describe('the Pact file of a recording', () => {
  it('is a Pact v4 file with one interaction per distinct request, no secret in it', () => {
    expect(pact.metadata['pactSpecification']).toEqual({ version: '4.0' })
    expect(pact.interactions.map((i) => i.description.split(':')[0])).toEqual([
      '#0 createWorker',
      '#1 createWorker',
      '#2 updateWorker',
      '#3 updateLlmProvider',
      '#4 updateWorker',
      '#5 createWorker',
      '#6 updateWorker',
    ])
    const text = JSON.stringify(pact)
    expect(text).not.toContain(APP_API_KEY)
    expect(text).not.toContain(APP_TOKEN)
    expect(text.toLowerCase()).not.toContain('authorization')
  })

  it('generates the key the recording masked, and names ids as provider states injected into the path', () => {
    const provider = interaction(3)
    expect(provider?.request.generators).toMatchObject({
      body: { "$['apiKey']": { type: 'RandomString' } },
      path: {
        type: 'ProviderState',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Pact's own placeholders
        expression: '/v1/orgs/${orgId}/llm-providers/${llmProviderId}',
      },
    })
    expect(provider?.providerStates?.[0]?.name).toBe('an organization with an LLM provider')
    expect(interaction(2)?.providerStates?.[0]?.name).toBe('a worker exists')
    // The rename of a worker that was not there: its id stays as the app sent it.
    expect(interaction(4)?.providerStates).toBeUndefined()
  })

  it("matches ids and date-times by the schemas' patterns, other fields by type, echoed ones exactly", () => {
    const rules = interaction(0)?.response.matchingRules.body ?? {}
    expect(rules['$.worker.id']?.matchers[0]?.regex).toMatch(/^\^wrk_/)
    expect(rules['$.worker.createdAt']?.matchers[0]).toEqual({
      match: 'regex',
      regex: DATE_TIME_PATTERN,
    })
    expect(rules['$.worker.status']?.matchers[0]).toEqual({ match: 'type' })
    // Sent by the create, so expected back as it was; a rename's is one of the enum's values.
    expect(rules['$.worker.destination']).toBeUndefined()
    const renamed = interaction(2)?.response.matchingRules.body ?? {}
    expect(renamed['$.worker.destination']?.matchers[0]).toEqual({
      match: 'regex',
      regex: '^(?:local|cloud)$',
    })
    expect(rules['$.launch.pollAfterMs']?.matchers[0]).toEqual({ match: 'integer' })
    expect(rules['$.worker.name']).toBeUndefined()
    expect(interaction(0)?.response.matchingRules.status.matchers).toEqual([
      { match: 'statusCode', status: 'success' },
    ])
  })

  it('expects of an error its status class alone, and of a success only what the spec declares', () => {
    expect(interaction(5)?.response.body).toBeUndefined()
    expect(interaction(5)?.response.matchingRules.status.matchers).toEqual([
      { match: 'statusCode', status: 'clientError' },
    ])
    // The provider's fields are the mock's choice: the spec shows none.
    expect(interaction(3)?.response.body?.content).toEqual({ llmProvider: {} })
  })

  it('is what the mock serves for its journal, with the same filters, its sides named by the query', async () => {
    const app = createMockApp()
    const headers = { 'content-type': 'application/json', 'x-mock-session': 'flow' }
    await app.request('/v1/workers', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'a', destination: 'local' }),
    })
    await app.request('/v1/workers', {
      method: 'POST',
      headers: { ...headers, prefer: 'code=429' },
      body: JSON.stringify({ name: 'b', destination: 'local' }),
    })
    const res = await app.request('/__mock/requests.pact.json?session=flow&consumer=web%20app')
    const served: PactFile = await res.json()

    expect(res.headers.get('content-disposition')).toContain('worker-api-kit-flow.pact.json')
    expect(served.consumer.name).toBe('web app')
    // The answer `Prefer` shaped is not the API's: left out, and said so.
    expect(served.interactions).toHaveLength(1)
    expect(JSON.stringify(served.metadata)).toContain(
      '1 exchanges whose answer a rule or Prefer shaped',
    )
    const refused = await app.request('/__mock/requests.pact.json?consumer=%3Cscript%3E')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('consumer')
  })

  it('writes no secret a DevTools HAR shows: the tokens a create answered, anywhere they come back', async () => {
    const app = createMockApp()
    const json = { 'content-type': 'application/json; token=not-a-parameter-to-keep' }
    const created = await app.request('/v1/workers', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'devtools', destination: 'local' }),
    })
    const answer = await created.text()
    const { worker, tokens } = JSON.parse(answer)
    const devtools = {
      log: {
        entries: [
          {
            request: {
              method: 'POST',
              url: 'https://app.example/v1/workers?constructor=1&__proto__=2',
              headers: [{ name: 'content-type', value: json['content-type'] }],
              postData: { text: JSON.stringify({ name: 'devtools', destination: 'local' }) },
            },
            response: { status: 201, content: { text: answer } },
          },
          {
            request: {
              method: 'PATCH',
              url: `https://app.example/v1/workers/${worker.id}`,
              headers: [{ name: 'content-type', value: 'application/json' }],
              postData: { text: JSON.stringify({ name: `uses ${tokens.owner}` }) },
            },
            response: {
              status: 200,
              content: {
                text: JSON.stringify({ worker: { ...worker, name: `uses ${tokens.owner}` } }),
              },
            },
          },
          {
            request: { method: 'POST', url: 'https://app.example/v1/workers', headers: [] },
            response: { status: 0, content: {} },
          },
        ],
      },
    }
    const written = pactFromHar(devtools)
    const text = JSON.stringify(written)

    for (const token of Object.values(tokens)) expect(text).not.toContain(String(token))
    expect(text).not.toContain('not-a-parameter-to-keep')
    expect(written.interactions[0]?.request.query).toEqual(
      Object.fromEntries([
        ['constructor', ['1']],
        ['__proto__', ['2']],
      ]),
    )
    // The rename's name held a token: generated in the request, so not expected back as it was.
    expect(written.interactions[1]?.response.matchingRules.body?.['$.worker.name']).toEqual({
      combine: 'AND',
      matchers: [{ match: 'type' }],
    })
    // The request the browser cut off (status 0) had no answer: no interaction.
    expect(written.interactions).toHaveLength(2)
  })

  it('is written by `worker-api-kit pact FILE.har`, and a file that is no HAR is named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wak-pact-cli-'))
    dirs.push(dir)
    await writeFile(join(dir, 'session.har'), JSON.stringify(har))
    await writeFile(join(dir, 'bad.har'), JSON.stringify({ log: { entries: [{ request: {} }] } }))

    const written = await runCli(['pact', 'session.har', '--provider', 'workers'], { cwd: dir })
    const bad = await runCli(['pact', '--har', 'bad.har'], { cwd: dir })

    expect(written.code, written.stderr).toBe(0)
    expect(written.stdout).toContain('wrote pacts/worker-api-app-worker-api.json: 7 interactions')
    const file: PactFile = JSON.parse(
      await readFile(join(dir, 'pacts/worker-api-app-worker-api.json'), 'utf8'),
    )
    expect(file.provider.name).toBe('workers')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('bad.har: log.entries[0].request.method')
    const over = await runCli(['pact', 'session.har', '--out', 'session.har'], { cwd: dir })
    expect(over.code).toBe(2)
    expect(over.stderr).toContain('is the recording itself')
    await writeFile(join(dir, 'empty.har'), JSON.stringify({ log: { entries: [] } }))
    const empty = await runCli(['pact', 'empty.har'], { cwd: dir })
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('a Pact file of nothing is no contract')
  })
})
