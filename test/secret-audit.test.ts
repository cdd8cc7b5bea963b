// Secret audit: plants a recognisable token, API key and header key, drives every operation of a
// mock served in-process and of the CLI mock, reads the admin API, runs the contract suite (library
// and CLI) against them, and greps every output channel for the secrets. Spawns the built bin:
// `npm test` builds first; alone, run `npm run build` before vitest.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { typeid } from 'typeid-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { Report } from '../src/contract/report.js'
import { formatReport, formatResultLine } from '../src/contract/reporters/console.js'
import { formatHtml } from '../src/contract/reporters/html.js'
import { formatJson } from '../src/contract/reporters/json.js'
import { formatJunit } from '../src/contract/reporters/junit.js'
import { runContract } from '../src/contract/runner.js'
import { startMockServer } from '../src/mock/server.js'
import { ID_PREFIX } from '../src/schemas/ids.js'
import { CreateWorkerResponse } from '../src/schemas/worker.js'
import { DEFAULT_WAIT_MS, killSpawned, runCli, startMock } from './helpers/spawn-cli.js'

const SEED = 7
const PLANTED = {
  token: 'PLANTED-TOKEN-5f3a9c2e',
  apiKey: 'sk-PLANTED-APIKEY-8d2e4b71',
  headerKey: 'PLANTED-HEADER-KEY-61c0d9',
}
const AUTHORIZATION = `Bearer ${PLANTED.token}`
/** A provider the mock does not have: every update fails, and each failure prints its request. */
const UNKNOWN_LLM_PROVIDER_ID = typeid(ID_PREFIX.llmProvider).toString()

type Ids = { orgId: string; llmProviderId: string }

/** One answer as a channel: status, every header, the body. */
type Answer = { label: string; status: number; text: string }

const cleanups: (() => Promise<unknown>)[] = []

afterEach(async () => {
  await killSpawned()
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const call = async (
  baseUrl: string,
  method: string,
  path: string,
  init: { body?: string; contentType?: string; authorization?: string | null } = {},
): Promise<Answer> => {
  const authorization = init.authorization === undefined ? AUTHORIZATION : init.authorization
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-api-key': PLANTED.headerKey,
      ...(init.contentType === undefined ? {} : { 'content-type': init.contentType }),
      ...(authorization === null ? {} : { authorization }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
    signal: AbortSignal.timeout(DEFAULT_WAIT_MS),
  })
  const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  return {
    label: `${method} ${path}`,
    status: res.status,
    text: `${headers}\n\n${await res.text()}`,
  }
}

const bodyOf = (answer: Answer) => answer.text.slice(answer.text.indexOf('\n\n') + 2)

const createdIn = (body: string) => CreateWorkerResponse.safeParse(JSON.parse(body)).data

/** The three tokens a create answered with. */
const tokensIn = (body: string) => Object.values(createdIn(body)?.tokens ?? {})

const JSON_TYPE = 'application/json'

/**
 * Every operation, with the API key in a valid body, a malformed one, a form and the query string,
 * and the token in the Authorization header (and once in a scheme the mock refuses).
 */
const drive = async (baseUrl: string, { orgId, llmProviderId }: Ids) => {
  const provider = `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`
  const created = await call(baseUrl, 'POST', '/v1/workers', {
    contentType: JSON_TYPE,
    body: JSON.stringify({ name: 'audit', destination: 'local' }),
  })
  const createdWithSecrets = await call(baseUrl, 'POST', '/v1/workers', {
    contentType: JSON_TYPE,
    // Unknown fields: stripped by the mock, and still masked in the journal.
    body: JSON.stringify({
      name: 'audit 2',
      destination: 'cloud',
      apiKey: PLANTED.apiKey,
      token: PLANTED.token,
    }),
  })
  const workerId = createdIn(bodyOf(created))?.worker.id ?? 'none'
  const answers = [
    await call(baseUrl, 'PATCH', `/v1/workers/${workerId}`, {
      contentType: JSON_TYPE,
      body: JSON.stringify({ name: 'audit renamed' }),
    }),
    await call(baseUrl, 'PATCH', provider, {
      contentType: JSON_TYPE,
      body: JSON.stringify({ source: 'custom', apiKey: PLANTED.apiKey, modelIds: ['m'] }),
    }),
    await call(baseUrl, 'PATCH', provider, {
      contentType: JSON_TYPE,
      body: `{"source":"custom","apiKey":"${PLANTED.apiKey}",`,
    }),
    await call(baseUrl, 'PATCH', provider, {
      contentType: 'application/x-www-form-urlencoded',
      body: `source=custom&apiKey=${PLANTED.apiKey}`,
    }),
    await call(baseUrl, 'PATCH', `${provider}?apiKey=${PLANTED.apiKey}`, {
      contentType: JSON_TYPE,
      body: JSON.stringify({ source: 'models_dev' }),
    }),
    await call(baseUrl, 'PATCH', provider, {
      contentType: JSON_TYPE,
      body: JSON.stringify({ source: 'custom', apiKey: PLANTED.apiKey }),
      authorization: null,
    }),
    await call(baseUrl, 'PATCH', provider, {
      contentType: JSON_TYPE,
      body: JSON.stringify({ source: 'custom', apiKey: PLANTED.apiKey }),
      authorization: `Token ${PLANTED.token}`,
    }),
  ]
  const admin = [
    await call(baseUrl, 'GET', '/__mock/requests'),
    await call(baseUrl, 'GET', '/__mock/state'),
  ]
  return { creates: [created, createdWithSecrets], answers, admin }
}

/** The console, JSON, JUnit and HTML reports of a run. */
const reportsOf = (name: string, report: Report): Record<string, string> => ({
  [`${name}: console report`]: [...report.results.map(formatResultLine), formatReport(report)].join(
    '\n',
  ),
  [`${name}: JSON report`]: formatJson(report),
  [`${name}: JUnit report`]: formatJunit(report),
  [`${name}: HTML report`]: formatHtml(report),
})

/** The contract suite in-process; `tokens` receives every token a create answered with. */
const contractReports = async (baseUrl: string, ids: Ids, tokens: string[]) => {
  const run = (llmProviderId: string) =>
    runContract({
      baseUrl,
      headers: { authorization: AUTHORIZATION, 'x-api-key': PLANTED.headerKey },
      orgId: ids.orgId,
      llmProviderId,
      seed: SEED,
      runs: 2,
      fetch: async (input, init) => {
        const res = await fetch(input, init)
        if (init.method === 'POST' && res.status === 201) {
          tokens.push(...tokensIn(await res.clone().text()))
        }
        return res
      },
    })
  const passing = await run(ids.llmProviderId)
  const failing = await run(UNKNOWN_LLM_PROVIDER_ID)
  return {
    failed: [passing, failing].map((r) => r.results.filter((x) => x.outcome === 'failed')),
    channels: {
      ...reportsOf('runContract', passing),
      ...reportsOf('runContract, unknown provider', failing),
    },
  }
}

describe('secret audit', () => {
  it('keeps planted credentials and issued tokens out of every answer, journal, log and report', async () => {
    const serverLog: string[] = []
    const server = await startMockServer({
      port: 0,
      auth: true,
      seed: SEED,
      log: (line) => serverLog.push(line),
    })
    cleanups.push(() => server.close())
    const mock = await startMock(['--auth'])
    const mockIds = {
      orgId: mock.banner.orgId ?? '',
      llmProviderId: mock.banner.llmProviderId ?? '',
    }
    const dir = await mkdtemp(join(tmpdir(), 'wak-audit-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const files = {
      json: join(dir, 'report.json'),
      junit: join(dir, 'report.xml'),
      html: join(dir, 'report.html'),
    }

    const targets = [
      { name: 'server', url: server.url, ids: server.app.ids },
      { name: 'CLI mock', url: mock.url, ids: mockIds },
    ]
    const driven = []
    for (const target of targets)
      driven.push({ ...target, ...(await drive(target.url, target.ids)) })
    const contractTokens: string[] = []
    const library = await contractReports(server.url, server.app.ids, contractTokens)
    const cli = await runCli(
      [
        'contract',
        '--base-url',
        mock.url,
        '--org-id',
        mockIds.orgId,
        '--llm-provider-id',
        UNKNOWN_LLM_PROVIDER_ID,
        '-H',
        `Authorization: ${AUTHORIZATION}`,
        '-H',
        `X-Api-Key: ${PLANTED.headerKey}`,
        '--seed',
        String(SEED),
        '--runs',
        '2',
        '--json',
        files.json,
        '--junit',
        files.junit,
        '--html',
        files.html,
      ],
      { timeoutMs: 30_000 },
    )
    // After the contract runs, so their requests are in the journals too.
    const journals = new Map<string, Answer>()
    for (const { name, url } of targets)
      journals.set(name, await call(url, 'GET', '/__mock/requests'))
    mock.cli.signal('SIGTERM')
    const mockExit = await mock.cli.exit()

    const channels: Record<string, string> = {}
    for (const { name, creates, answers, admin } of driven) {
      for (const [i, answer] of creates.entries())
        channels[`${name}: create answer ${i + 1}`] = answer.text
      for (const answer of [...answers, ...admin])
        channels[`${name}: ${answer.label} → ${answer.status}`] = answer.text
      channels[`${name}: journal after the contract runs`] = journals.get(name)?.text ?? ''
    }
    Object.assign(channels, {
      'server: log lines': serverLog.join('\n'),
      'CLI mock: stdout': mockExit.stdout,
      'CLI mock: stderr': mockExit.stderr,
      ...library.channels,
      'CLI contract: stdout': cli.stdout,
      'CLI contract: stderr': cli.stderr,
      'CLI contract: JSON file': await readFile(files.json, 'utf8'),
      'CLI contract: JUnit file': await readFile(files.junit, 'utf8'),
      'CLI contract: HTML file': await readFile(files.html, 'utf8'),
    })
    const issued = [
      ...driven.flatMap(({ creates }) => creates.flatMap((answer) => tokensIn(bodyOf(answer)))),
      ...contractTokens,
    ]
    const secrets = [
      ...Object.entries(PLANTED).map(([name, value]) => ({ name: `planted ${name}`, value })),
      ...issued.map((value) => ({ name: `issued token ${value.slice(0, 8)}…`, value })),
    ]

    // The secrets reached the mocks and the suite, and every channel has something to say.
    for (const { name, creates, answers } of driven) {
      const statuses = [...creates, ...answers].map((a) => a.status)
      expect.soft(statuses, name).toEqual([201, 201, 200, 200, 400, 415, 200, 401, 401])
      const [, updated] = answers
      expect
        .soft(updated && bodyOf(updated), name)
        .toContain(`"apiKeyLastFour":"${PLANTED.apiKey.slice(-4)}"`)
    }
    expect.soft(contractTokens.length).toBeGreaterThan(3)
    expect.soft(library.failed[0]).toEqual([])
    expect.soft(library.failed[1]?.length).toBeGreaterThan(0)
    expect.soft(cli.code, cli.stdout + cli.stderr).toBe(1)
    expect.soft(cli.stdout).toContain('reproduce: curl')
    expect.soft(mockExit.stdout).toMatch(/^PATCH \/v1\/orgs\/\S+ 200 /m)
    expect.soft(mockExit.stderr).toBe('')
    expect.soft(cli.stderr).toBe('')
    for (const [channel, text] of Object.entries(channels)) {
      if (!channel.endsWith('stderr')) expect.soft(text, `${channel} is empty`).not.toBe('')
    }

    for (const [channel, text] of Object.entries(channels)) {
      const isCreateAnswer = channel.includes('create answer')
      for (const { name, value } of secrets) {
        if (isCreateAnswer && name.startsWith('issued')) continue // handing them out is its job
        expect.soft(text.includes(value), `${name} appears in ${channel}`).toBe(false)
      }
    }
  })
})
