import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { MAX_AGE_MS } from '../../src/mock/lifecycle.js'
import { Scenario, type ScenarioInput } from '../../src/mock/scenario.js'
import { ID_PREFIX } from '../../src/schemas/ids.js'
import { stateIn } from '../helpers/mock-state.js'
import { makeId } from '../helpers/requests.js'
import { FIXED_NOW, fixedClock, send } from '../helpers/send.js'

const ORG_ID = makeId(ID_PREFIX.org)
const PROVIDER_ID = makeId(ID_PREFIX.llmProvider)
const MEMBER_ID = makeId(ID_PREFIX.member)
const TEAM_ID = makeId(ID_PREFIX.team)
const FIRST_ID = makeId(ID_PREFIX.worker)
const SECOND_ID = makeId(ID_PREFIX.worker)
const FIRST_AT = new Date(FIXED_NOW - 3_600_000).toISOString()
const SECOND_AT = new Date(FIXED_NOW - 86_400_000).toISOString()

const recorded = (workers: unknown[]) =>
  ({
    name: 'recorded',
    state: {
      organization: { id: ORG_ID, name: 'Recorded Org' },
      llmProvider: {
        id: PROVIDER_ID,
        source: 'custom',
        providerId: 'openai',
        modelIds: ['gpt-5'],
        memberIds: [MEMBER_ID],
        teamIds: [TEAM_ID],
      },
      workers,
    },
  }) as ScenarioInput

const TWO_WORKERS = [
  { id: FIRST_ID, name: 'first', destination: 'local', createdAt: FIRST_AT },
  { id: SECOND_ID, name: 'second', destination: 'cloud', createdAt: SECOND_AT, ageMs: 5 },
]

/** The issues of a scenario that does not parse, as `path: message`. */
const issuesOf = (input: unknown) => {
  const parsed = Scenario.safeParse(input)
  expect(parsed.success).toBe(false)
  return (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('scenario: recorded ids', () => {
  it('starts with the organization, provider and workers a recording saw', async () => {
    const scenario = Scenario.parse(recorded(TWO_WORKERS))
    const app = createMockApp({ scenario, clock: fixedClock })
    expect(app.ids).toEqual({ orgId: ORG_ID, llmProviderId: PROVIDER_ID })
    const state = await stateIn(app)
    expect(state.orgId).toBe(ORG_ID)
    expect(state.organizations).toEqual([{ id: ORG_ID, name: 'Recorded Org' }])
    expect(state.llmProviders).toMatchObject([
      {
        id: PROVIDER_ID,
        orgId: ORG_ID,
        source: 'custom',
        providerId: 'openai',
        modelIds: ['gpt-5'],
        memberIds: [MEMBER_ID],
        teamIds: [TEAM_ID],
      },
    ])
    expect(
      state.workers.map(({ worker }) => [worker.id, worker.name, worker.createdAt, worker.orgId]),
    ).toEqual([
      [FIRST_ID, 'first', FIRST_AT, ORG_ID],
      [SECOND_ID, 'second', SECOND_AT, ORG_ID],
    ])
  })

  it('renames a seeded worker by its recorded id', async () => {
    const app = createMockApp({ scenario: Scenario.parse(recorded(TWO_WORKERS)) })
    const res = await send(app, 'PATCH', `/v1/workers/${SECOND_ID}`, { name: 'renamed' })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ worker: { id: SECOND_ID, name: 'renamed' } })
  })

  it('updates the provider at its recorded path', async () => {
    const app = createMockApp({ scenario: Scenario.parse(recorded(TWO_WORKERS)) })
    const res = await send(app, 'PATCH', `/v1/orgs/${ORG_ID}/llm-providers/${PROVIDER_ID}`, {
      source: 'models_dev',
    })
    expect(res.status, res.text).toBe(200)
  })

  it('refuses two workers with the same id, naming the second', () => {
    const issues = issuesOf(
      recorded([
        { id: FIRST_ID, name: 'a' },
        { id: FIRST_ID, name: 'b' },
      ]),
    )
    expect(issues).toEqual([expect.stringMatching(/^state\.workers\.1\.id: duplicate worker id/)])
  })

  it('refuses ids with the wrong prefix, naming the field', () => {
    expect(issuesOf(recorded([{ id: ORG_ID }]))).toEqual([
      expect.stringMatching(/^state\.workers\.0\.id: /),
    ])
    const wrongOrg = recorded([])
    Object.assign(wrongOrg.state?.organization ?? {}, { id: FIRST_ID })
    expect(issuesOf(wrongOrg)).toEqual([expect.stringMatching(/^state\.organization\.id: /)])
    const wrongProvider = recorded([])
    Object.assign(wrongProvider.state?.llmProvider ?? {}, { id: ORG_ID })
    expect(issuesOf(wrongProvider)).toEqual([expect.stringMatching(/^state\.llmProvider\.id: /)])
  })

  it('refuses a createdAt that is not a date-time', () => {
    const issues = issuesOf(recorded([{ createdAt: 'yesterday' }]))
    expect(issues).toContain('state.workers.0.createdAt: Invalid ISO 8601 date-time')
    for (const issue of issues) expect(issue).toMatch(/^state\.workers\.0\.createdAt: /)
  })

  it('builds workers created in 1970 and in the future, their ages clamped', async () => {
    const scenario = Scenario.parse(
      recorded([
        { id: FIRST_ID, createdAt: '1970-01-01T00:00:00Z' },
        { id: SECOND_ID, createdAt: '2999-01-01T00:00:00+02:00' },
      ]),
    )
    const app = createMockApp({ scenario, clock: fixedClock })
    const state = await stateIn(app)
    expect(state.workers.map(({ worker }) => worker.createdAt)).toEqual([
      new Date(FIXED_NOW - MAX_AGE_MS).toISOString(),
      new Date(FIXED_NOW).toISOString(),
    ])
  })

  it('leaves the seeded ids as they were when a scenario gives none', () => {
    const plain = createMockApp({ scenario: Scenario.parse({ name: 'plain' }) })
    const baseline = createMockApp()
    expect(plain.ids).toEqual(baseline.ids)
  })
})
