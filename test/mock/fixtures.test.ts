import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { z } from '@hono/zod-openapi'
import { describe, expect, it, vi } from 'vitest'
import {
  PROBLEM_KINDS,
  PROXY_PROBLEM_KINDS,
  type ProblemKind,
  problemType,
} from '../../src/api/problem-kinds.js'
import { renderFixtures } from '../../src/cli/commands/fixtures.js'
import * as exported from '../../src/fixtures.js'
import { createMockApp, MAX_BODY_BYTES } from '../../src/mock/app.js'
import { fixtureFiles } from '../../src/mock/fixture-files.js'
import {
  buildFixtures,
  FIXTURE_APP_OPTIONS,
  FIXTURE_CLOCK_MS,
  FIXTURE_INPUTS,
  FIXTURE_SEED,
} from '../../src/mock/fixtures.js'
import { DEFAULT_LIFECYCLE } from '../../src/mock/lifecycle.js'
import { Scenario } from '../../src/mock/scenario.js'
import { LlmProviderEnvelope, MockLlmProviderEnvelope } from '../../src/schemas/llm-provider.js'
import { Problem } from '../../src/schemas/problem.js'
import {
  CreateWorkerResponse,
  MockCreateWorkerResponse,
  MockWorkerEnvelope,
  MockWorkerStatus,
  WorkerEnvelope,
} from '../../src/schemas/worker.js'
import { OVER_NETWORK, send } from '../helpers/send.js'

const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url))

/** Every file under a folder, as a path relative to it. */
const filesUnder = (dir: string, prefix = ''): string[] =>
  readdirSync(dir + prefix, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  )

const committedJson = (path: string): unknown =>
  JSON.parse(readFileSync(`${FIXTURES_DIR}${path}`, 'utf8'))

/** The schema of ours and the spec's for each fixture file, by where it lives. */
const SCHEMAS: [RegExp, z.ZodType, z.ZodType | undefined][] = [
  [/^create-worker-(local|cloud)\.json$/, MockCreateWorkerResponse, CreateWorkerResponse],
  [/^workers\/[a-z]+\.json$/, MockWorkerEnvelope, WorkerEnvelope],
  [/^llm-provider-[a-z-]+\.json$/, MockLlmProviderEnvelope, LlmProviderEnvelope],
  [/^problems\/[a-z-]+\.json$/, Problem, undefined], // the spec shows no errors (spec §7)
]

const PATHS = fixtureFiles(buildFixtures()).map(({ path }) => path)

/** Text shapes of real credentials: none may appear in a fixture. */
const SECRET_SHAPES = [
  /\bsk-[A-Za-z0-9_-]{16,}/, // OpenAI-style keys (and sk-ant-…)
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key ids
  /\bgh[pousr]_[A-Za-z0-9]{30,}/, // GitHub tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/, // Slack tokens
  /\bAIza[0-9A-Za-z_-]{35}\b/, // Google API keys
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./, // JWTs
]

/** Every object key anywhere in a JSON value. */
const keysOf = (value: unknown): string[] =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])

/** A fresh mock as the fixtures see it: their seed and time, the baseline scenario. */
const fixtureApp = (options: { auth?: boolean; scenario?: Scenario } = {}) =>
  createMockApp({ ...FIXTURE_APP_OPTIONS, ...options })

const isProblemKind = (kind: string): kind is ProblemKind => Object.hasOwn(PROBLEM_KINDS, kind)

const scenarioWith = (rule: unknown) => Scenario.parse({ name: 'fixture-rules', rules: [rule] })

const fixtures = buildFixtures()
const valid = FIXTURE_INPUTS.createWorkerLocal

/** The request whose answer each problem fixture is; the path is the fixture's `instance`. */
const PROBLEM_REQUESTS = {
  validation: (path) => send(fixtureApp(), 'POST', path, FIXTURE_INPUTS.invalidCreateWorker),
  'malformed-json': (path) => send(fixtureApp(), 'POST', path, '{"name":'),
  unauthorized: (path) => send(fixtureApp({ auth: true }), 'POST', path, valid),
  forbidden: (path) =>
    send(fixtureApp(), 'POST', path, valid, { host: FIXTURE_INPUTS.foreignHost }, OVER_NETWORK),
  'not-found': (path) => send(fixtureApp(), 'PATCH', path, { name: 'renamed' }),
  'method-not-allowed': (path) => send(fixtureApp(), 'GET', path),
  conflict: async (path) => {
    // The worker id the not-found fixture names: one the fixture app has not stored yet.
    const id = fixtures.problems['not-found'].instance?.split('/').pop()
    const app = fixtureApp()
    await send(app, 'POST', path, { id })
    return send(app, 'POST', path, { id })
  },
  'payload-too-large': (path) =>
    send(fixtureApp(), 'POST', path, `"${'x'.repeat(MAX_BODY_BYTES)}"`),
  'unsupported-media-type': (path) =>
    send(fixtureApp(), 'POST', path, 'name=w', {
      'content-type': FIXTURE_INPUTS.unsupportedContentType,
    }),
  'rate-limited': async (path) => {
    const app = fixtureApp({ scenario: scenarioWith({ rateLimit: FIXTURE_INPUTS.rateLimit }) })
    for (let i = 0; i < FIXTURE_INPUTS.rateLimit.limit; i++) await send(app, 'POST', path, valid)
    return send(app, 'POST', path, valid)
  },
  scenario: (path) =>
    send(fixtureApp({ scenario: scenarioWith({ problem: { status: 503 } }) }), 'POST', path, valid),
} satisfies Record<keyof typeof fixtures.problems, (path: string) => ReturnType<typeof send>>

describe('fixtures', () => {
  it('are committed exactly as the fixtures command renders them, and nothing else', async () => {
    const rendered = await renderFixtures()
    for (const [path, text] of rendered) {
      expect.soft(readFileSync(`${FIXTURES_DIR}${path}`, 'utf8'), path).toBe(text)
    }
    expect(filesUnder(FIXTURES_DIR).sort()).toEqual([...rendered.keys()].sort())
  })

  it.each(PATHS)('%s parses with its mock schema and the spec schema', (path) => {
    const schemas = SCHEMAS.filter(([pattern]) => pattern.test(path))
    expect(schemas, 'exactly one schema row per file').toHaveLength(1)
    const [[, mock, spec]] = schemas as [(typeof SCHEMAS)[number]] // checked just above
    const value = committedJson(path)
    expect.soft(mock.safeParse(value).error).toBeUndefined()
    if (spec) expect.soft(spec.safeParse(value).error).toBeUndefined()
  })

  it('is the same on every build, whatever the wall clock says', () => {
    vi.useFakeTimers({ now: Date.UTC(2031, 6, 4), toFake: ['Date'] })
    try {
      expect(buildFixtures()).toEqual(fixtures)
    } finally {
      vi.useRealTimers()
    }
  })

  it('is exported by worker-api-kit/fixtures as committed, parsed and frozen', () => {
    expect(exported.fixtures).toEqual(fixtures)
    expect.soft(exported.createWorkerCloud).toEqual(fixtures.createWorkerCloud)
    expect.soft(exported.workers.failed).toEqual(fixtures.workers.failed)
    expect.soft(exported.problems.validation).toEqual(fixtures.problems.validation)
    expect.soft(exported.fixturesManifest).toEqual({
      seed: FIXTURE_SEED,
      clock: new Date(FIXTURE_CLOCK_MS).toISOString(),
      files: PATHS,
    })
    expect.soft(Object.isFrozen(exported.createWorkerLocal.worker)).toBe(true)
    expect.soft(Object.isFrozen(exported.llmProviderCustom.llmProvider.modelIds)).toBe(true)
  })

  it('has a problem for every kind the mock answers, with its status and type', () => {
    const kinds = Object.keys(PROBLEM_KINDS).filter(
      (kind) => kind !== 'internal-error' && !PROXY_PROBLEM_KINDS.some((k) => k === kind),
    )
    expect(Object.keys(fixtures.problems).sort()).toEqual(kinds.sort())
    for (const [kind, problem] of Object.entries(fixtures.problems)) {
      if (!isProblemKind(kind)) throw new Error(`${kind} is no kind of PROBLEM_KINDS`)
      expect.soft(problem.status, kind).toBe(PROBLEM_KINDS[kind].status)
      expect.soft(problem.title, kind).toBe(PROBLEM_KINDS[kind].title)
      expect.soft(problem.type, kind).toBe(problemType(kind))
    }
    expect.soft(fixtures.problems.validation.errors?.length).toBeGreaterThan(0)
  })

  it('shows each worker status on a destination whose lifecycle reaches it, or pinned', () => {
    const pinned: MockWorkerStatus[] = ['stopped', 'failed']
    for (const status of MockWorkerStatus.options) {
      const { worker } = fixtures.workers[status]
      const reached = DEFAULT_LIFECYCLE[worker.destination].some((s) => s.status === status)
      expect.soft(worker.status, status).toBe(status)
      expect
        .soft(reached || pinned.includes(status), `${status} on ${worker.destination}`)
        .toBe(true)
    }
    expect.soft(fixtures.createWorkerLocal.worker.status).toBe(DEFAULT_LIFECYCLE.local[0]?.status)
    expect.soft(fixtures.createWorkerCloud.worker.status).toBe(DEFAULT_LIFECYCLE.cloud[0]?.status)
  })

  it('shows a custom provider with members, teams and a masked placeholder key', () => {
    const { llmProvider } = fixtures.llmProviderCustom
    const key = FIXTURE_INPUTS.llmProviderCustom.apiKey
    expect.soft(llmProvider.source).toBe('custom')
    expect.soft(llmProvider.customConfigText).toBeTruthy()
    expect.soft(llmProvider.memberIds.length).toBeGreaterThan(0)
    expect.soft(llmProvider.teamIds.length).toBeGreaterThan(0)
    expect.soft(llmProvider.hasApiKey).toBe(true)
    expect.soft(llmProvider.apiKeyLastFour).toBe(key.slice(-4))
    expect.soft(fixtures.llmProviderModelsDev.llmProvider).toMatchObject({
      source: 'models_dev',
      hasApiKey: false,
      apiKeyLastFour: null,
    })
  })

  it('contains nothing that looks like a secret, nor the placeholder key itself', async () => {
    const texts = [...(await renderFixtures()).values()]
    const all = texts.join('\n')
    expect(all).not.toContain(FIXTURE_INPUTS.llmProviderCustom.apiKey)
    for (const shape of SECRET_SHAPES) expect.soft(all, String(shape)).not.toMatch(shape)
    const keys = texts.flatMap((text) => keysOf(JSON.parse(text)))
    expect(
      keys.filter((key) => /^(api_?key|password|secret|authorization|bearer)$/i.test(key)),
    ).toEqual([])
  })

  it('are what the mock answers to the same requests, in the same order', async () => {
    const app = fixtureApp()
    const path = `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`
    const { memberIds, teamIds } = fixtures.llmProviderCustom.llmProvider
    const answers = [
      await send(app, 'POST', '/v1/workers', FIXTURE_INPUTS.createWorkerLocal),
      await send(app, 'POST', '/v1/workers', FIXTURE_INPUTS.createWorkerCloud),
      await send(app, 'PATCH', path, FIXTURE_INPUTS.llmProviderModelsDev),
      await send(app, 'PATCH', path, { ...FIXTURE_INPUTS.llmProviderCustom, memberIds, teamIds }),
    ]
    expect(answers.map((a) => a.status)).toEqual([201, 201, 200, 200])
    expect.soft(answers[0]?.body).toEqual(fixtures.createWorkerLocal)
    expect.soft(answers[1]?.body).toEqual(fixtures.createWorkerCloud)
    expect.soft(answers[2]?.body).toEqual(fixtures.llmProviderModelsDev)
    expect.soft(answers[3]?.body).toEqual(fixtures.llmProviderCustom)
  })

  it.each(Object.entries(PROBLEM_REQUESTS))(
    'has the %s problem the mock answers for its request',
    async (kind, request) => {
      const problem = Object.entries(fixtures.problems).find(([name]) => name === kind)?.[1]
      const res = await request(problem?.instance ?? '')
      expect.soft(res.status).toBe(problem?.status)
      expect.soft(res.contentType).toBe('application/problem+json')
      expect.soft(res.body).toEqual(problem)
    },
  )
})
