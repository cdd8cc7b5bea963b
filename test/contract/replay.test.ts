// `contract --replay` as a library: a recorded session of the mock replayed against servers of
// our own. Green against every server that keeps the spec (the matrix's variants: they choose
// differently where it is silent), red against the broken ones whose fault a session's answers
// show, with the ids carried through and no secret in any report.
import { describe, expect, it } from 'vitest'
import {
  formatReplayHtml,
  formatReplayJson,
  formatReplayJunit,
  formatReplayReport,
  type ReplayOptions,
  replayRecording,
} from '../../src/contract/replay/index.js'
import { createMockApp } from '../../src/mock/app.js'
import { REDACTED } from '../../src/secrets/index.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { serversIn } from '../servers/servers-in.js'
import type { BrokenServer, ServerIds, VariantServer } from '../servers/wrap-mock.js'
import { APP_API_KEY, APP_TOKEN, recordSession } from './replay-session.js'

const { servers } = cleanUpAfterEach<TestServer>()

const har = await recordSession()
/** The key a CI run sends where the recording masked the app's. */
const CI_API_KEY = 'sk-ci-replay-key-9876'

/** Replays the session against an app in-process, recording what the app received. */
type Target = {
  readonly request: (request: Request) => Response | Promise<Response>
  readonly ids: ServerIds
}

const replayAgainst = async (app: Target, options: Partial<ReplayOptions> = {}) => {
  const received: { method: string; url: string; body: string }[] = []
  const report = await replayRecording({
    baseUrl: 'http://target.test',
    har,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      received.push({
        method: request.method,
        url: request.url,
        body: await request.clone().text(),
      })
      return app.request(request)
    },
    ...app.ids,
    maskedValues: { '/apiKey': CI_API_KEY },
    timeoutMs: 10_000,
    runTimeoutMs: 30_000,
    ...options,
  })
  return { report, received: received.filter((r) => r.url.includes('/v1/')) }
}

const failedOf = (report: Awaited<ReturnType<typeof replayRecording>>) =>
  report.exchanges.filter((e) => e.outcome === 'failed').map((e) => e.index)

describe('contract --replay against the mock', () => {
  it('replays every exchange in order, green, carrying the ids the target answered', async () => {
    const target = createMockApp({ seed: 42 })
    const { report, received } = await replayAgainst(target)

    expect(report.exchanges.map((e) => `${e.index} ${e.outcome}`)).toEqual([
      '0 passed',
      '1 passed',
      '2 passed',
      '3 passed',
      '4 passed',
      '5 passed',
      '6 passed',
    ])
    // The target's ids, not the recording's, in the renames' paths.
    const [first, second] = report.idsCarried.filter((p) => p.recorded.startsWith('wrk_'))
    expect(first && second, JSON.stringify(report.idsCarried)).toBeTruthy()
    expect(first?.recorded).not.toBe(first?.target)
    const renames = received.filter((r) => r.method === 'PATCH' && r.url.includes('/v1/workers/'))
    expect(renames.map((r) => new URL(r.url).pathname)).toEqual([
      `/v1/workers/${first?.target}`,
      // The app's rename of a worker that was never there is sent as it was: it stays unknown.
      '/v1/workers/wrk_01h455vb4pex5vsknk084sn02q',
      `/v1/workers/${second?.target}`,
    ])
    expect(report.exchanges[4]?.sent?.status).toBe(404)
    // The create the target refused (an empty name) made no worker.
    expect(report.workersCreated).toBe(2)
  })

  it('sends the value of --masked-value where the recording masked the key, never the mask, and prints neither', async () => {
    const { report, received } = await replayAgainst(createMockApp())
    const provider = received.find((r) => r.url.includes('/llm-providers/'))

    expect(JSON.parse(provider?.body ?? '{}')).toEqual({ source: 'custom', apiKey: CI_API_KEY })
    for (const r of received) expect.soft(r.body).not.toContain(REDACTED)
    for (const text of [
      formatReplayJson(report),
      formatReplayHtml(report),
      formatReplayJunit(report),
      formatReplayReport(report),
    ]) {
      expect.soft(text).not.toContain(CI_API_KEY)
      expect.soft(text).not.toContain(APP_API_KEY)
      expect.soft(text).not.toContain(APP_TOKEN)
    }
  })

  it('writes a section per recorded exchange in HTML and a test case per exchange in JUnit', async () => {
    const { report } = await replayAgainst(createMockApp())
    const html = formatReplayHtml(report)
    const junit = formatReplayJunit(report)

    expect(html.match(/<section /g)).toHaveLength(7)
    expect(html).not.toMatch(/<script/i)
    expect(junit.match(/<testcase /g)).toHaveLength(7)
    expect(junit).toContain('tests="7" failures="0"')
    expect(JSON.parse(formatReplayJson(report)).summary).toEqual({
      passed: 7,
      failed: 0,
      skipped: 0,
      risks: 0,
      warnings: 0,
    })
  })

  it('skips and lists an exchange whose masked value no flag gives, and what names an id it lacks', async () => {
    const { report, received } = await replayAgainst(createMockApp(), { maskedValues: {} })
    const provider = report.exchanges[3]

    expect(provider?.outcome).toBe('skipped')
    expect(provider?.skipReason).toContain('--masked-value /apiKey=')
    expect(received.some((r) => r.url.includes('/llm-providers/'))).toBe(false)
    expect(formatReplayReport(report)).toContain(
      '#3 updateLlmProvider: its body holds a secret at /apiKey',
    )
  })

  it('skips the provider update without --org-id and --llm-provider-id, naming them', async () => {
    const { report } = await replayAgainst(createMockApp(), {
      orgId: undefined,
      llmProviderId: undefined,
    })
    expect(report.exchanges[3]?.skipReason).toContain('--org-id and --llm-provider-id')
  })

  it('keeps to --max-creates: a create past it is skipped, and so is what names its worker', async () => {
    const { report, received } = await replayAgainst(createMockApp(), { maxCreates: 1 })

    expect(received.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(report.exchanges[1]?.skipReason).toContain('--max-creates 1')
    expect(report.exchanges[6]?.skipReason).toMatch(/not created: its create \(#1\) was not sent/)
    expect(report.exchanges[5]?.skipReason).toContain('--max-creates 1')
  })
})

const variants = await serversIn('variants', 'replay')
const broken = await serversIn('broken', 'replay')

/**
 * The broken servers whose fault a session's own answers show (a success that breaks the
 * response schema, a rename that changes what it may not, a refusal turned into a success…),
 * with the exchange the replay must fail first. The others break rules only generated input
 * reaches (bounds, malformed bodies): `contract` catches those, a recording of an app does not.
 */
const SHOWN_BY_A_SESSION: Readonly<Record<string, number>> = {
  'accepts-empty-create-name': 5,
  'byte-order-mark': 3,
  'create-returns-same-id': 1,
  'created-at-not-a-date': 0,
  'description-not-echoed': 2,
  'destination-not-echoed': 0,
  'empty-host-token': 0,
  'gateway-504-html': 5,
  'hangs-on-llm-provider-update': 3,
  'instance-updated-at-number': 0,
  'invalid-utf8-in-rename': 2,
  'is-mine-as-string': 0,
  'last-heartbeat-at-null': 0,
  'llm-provider-not-object': 3,
  'missing-launch': 0,
  'missing-llm-provider': 3,
  'missing-tokens-host': 0,
  'missing-worker-is-mine': 0,
  'name-not-echoed': 0,
  'org-id-wrong-prefix': 0,
  'poll-after-ms-as-string': 0,
  'provider-update-disowns-workers': 6,
  'provider-update-rewrites-workers': 6,
  'redirects-to-trailing-slash': 0,
  'rename-answers-204': 2,
  'rename-answers-not-mine': 2,
  'rename-changes-destination': 2,
  'rename-not-applied': 2,
  'rename-resets-created-at': 2,
  'rename-returns-other-id': 2,
  'renames-unknown-worker': 4,
  'requires-config-for-custom-source': 3,
  'success-as-problem-json': 0,
  'success-as-text-plain': 0,
  'truncated-create-body': 0,
  'updated-before-created': 0,
}

describe('contract --replay against our servers', () => {
  it.each(variants.map(({ name, module }) => [name, module as VariantServer] as const))(
    'passes %s, which keeps the spec',
    async (_, server) => {
      const served = server.isOverHttp ? await startAppServer(server.app) : undefined
      if (served) servers.push(served)
      const report = await replayRecording({
        baseUrl: served?.url ?? server.baseUrl ?? 'http://target.test',
        har,
        ...(served ? {} : { fetch: async (input, init) => server.app.request(input, init) }),
        ...server.ids,
        maskedValues: { '/apiKey': CI_API_KEY },
        // A loaded run (every file in parallel, Pact's verifier beside) can take seconds an answer.
        timeoutMs: 10_000,
        runTimeoutMs: 30_000,
      })
      expect(failedOf(report), formatReplayReport(report)).toEqual([])
      expect(report.exchanges.filter((e) => e.outcome === 'skipped')).toEqual([])
    },
  )

  it('names every broken server it expects to fail', () => {
    const names = new Set(broken.map(({ name }) => name))
    expect(Object.keys(SHOWN_BY_A_SESSION).filter((name) => !names.has(name))).toEqual([])
  })

  it.each(
    broken
      .filter(({ name }) => Object.hasOwn(SHOWN_BY_A_SESSION, name))
      .map(({ name, module }) => [name, module as BrokenServer] as const),
  )('fails %s, naming the first exchange its fault shows in', async (name, server) => {
    const { report } = await replayAgainst(server.app, { timeoutMs: 300 })
    expect(failedOf(report)[0], formatReplayReport(report)).toBe(SHOWN_BY_A_SESSION[name])
  })
})
