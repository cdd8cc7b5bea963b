import { z } from '@hono/zod-openapi'
import type { Hono } from 'hono'
import {
  ADMIN_PREFIX,
  answerProblem,
  invalidQuery,
  type Journal,
  registerDashboard,
  registerJournalRoutes,
} from '../server/index.js'
import { readAdminBody } from './admin-body.js'
import { registerRuleEditing } from './admin-rule-routes.js'
import { registerStateEditing } from './admin-state-routes.js'
import type { MockEnv } from './env.js'
import { MOCK_PROBLEMS } from './problems.js'
import { type Scenario, type ScenarioInput, ScenarioName, ScenarioState } from './scenario.js'
import { ScenarioError } from './scenario-error.js'
import type { Session } from './session.js'
import type { Sessions } from './sessions.js'

export { ADMIN_PREFIX }

/** The state's reader (state-of.ts), loaded on the first read: a page's MSW start-up reads none. */
let stateReader: Promise<typeof import('./state-of.js')> | undefined
const readState = () => {
  stateReader ??= import('./state-of.js')
  return stateReader
}

/** The scenario export's writer (scenario-export.ts), loaded once, on the first download. */
let scenarioExport: Promise<typeof import('./scenario-export.js')> | undefined

/** What the admin API (and the test helpers) can do to a running mock. */
export type MockControl = {
  readonly sessions: Sessions
  readonly journal: Journal
  /**
   * Makes a scenario the one for `sessionId` (`''`: the default for new sessions). A string is a
   * name of a known scenario only, never a file path: the admin API is reachable from any web
   * page (CORS), so it must not read the disk.
   */
  readonly useScenario: (scenario: string | ScenarioInput, sessionId: string) => Session
  /** A known scenario by name (given to the app or shipped), or undefined. */
  readonly lookupScenario: (name: string) => Scenario | undefined
  readonly scenarioNames: () => { name: string; description: string; replacesData: boolean }[]
  readonly clock: () => number
  readonly startedAt: number
}

const ScenarioBody = z
  .object({
    name: ScenarioName,
  })
  .strict()

export type AdminOptions = {
  /** Auth mode (`--auth`): the contract line then sends a bearer token. */
  readonly auth?: boolean | undefined
  /** How to run the kit from the user's shell, for the contract line. Default: the installed bin. */
  readonly command?: string | undefined
}

/**
 * `/__mock/*`: reset, scenario, state (and its edits), rules added at run time, the scenario
 * export, sessions, request journal, health, and the dashboard page
 * (`GET /__mock/`). Kept out of the API document.
 */
export const registerAdmin = (
  app: Hono<MockEnv>,
  control: MockControl,
  options: AdminOptions = {},
) => {
  app.get(`${ADMIN_PREFIX}/health`, async (c) => {
    const { session } = c.var
    // The contract line's writer loads on the first health check: a page's start-up has none.
    const { contractCommand, INSTALLED_COMMAND } = await import('./contract-command.js')
    return c.json({
      status: 'ok',
      mode: 'mock',
      sessions: control.sessions.size(),
      scenario: session.scenario.name,
      uptimeMs: Math.max(0, control.clock() - control.startedAt),
      orgId: session.orgId,
      llmProviderId: session.llmProviderId,
      contract: contractCommand({
        command: options.command ?? INSTALLED_COMMAND,
        baseUrl: new URL(c.req.url).origin,
        orgId: session.orgId,
        llmProviderId: session.llmProviderId,
        isAuthRequired: options.auth === true || session.scenario.auth,
      }),
    })
  })

  app.get(`${ADMIN_PREFIX}/sessions`, (c) => {
    // `get` moves a session to the end of the least-recently-used order; taking every session in
    // that order moves each to the end in turn, which leaves the order as it was.
    const sessions = control.sessions.ids().map((id) => {
      const session = control.sessions.get(id)
      return {
        id,
        scenario: session.scenario.name,
        workers: session.store.workers.size,
        bytes: session.store.bytes(),
      }
    })
    return c.json({ sessions })
  })

  app.get(`${ADMIN_PREFIX}/scenarios`, (c) => c.json({ scenarios: control.scenarioNames() }))

  app.get(`${ADMIN_PREFIX}/state`, async (c) => {
    const { stateOf, StateQuery } = await readState()
    const parsed = StateQuery.safeParse(c.req.query())
    if (!parsed.success) return invalidQuery(c, parsed.error)
    return c.json(stateOf(c.var.session, c.var.now, parsed.data))
  })

  app.post(`${ADMIN_PREFIX}/reset`, (c) => {
    const id = c.req.header('x-mock-session')
    if (id === undefined) {
      control.sessions.clear()
      control.journal.clear()
      return c.json({ reset: 'all' })
    }
    control.sessions.reset(id)
    control.journal.clear({ session: id })
    return c.json({ reset: id })
  })

  // A known state in one call (tests): the session starts again from it, under its scenario.
  app.put(`${ADMIN_PREFIX}/state`, async (c) => {
    const parsed = await readAdminBody(c, ScenarioState)
    if (!parsed.ok) return parsed.problem
    const session = control.sessions.seed(c.var.session.id, parsed.data)
    control.journal.clear({ session: session.id })
    const { stateOf } = await readState()
    return c.json(stateOf(session, c.var.now))
  })

  app.put(`${ADMIN_PREFIX}/scenario`, async (c) => {
    const parsed = await readAdminBody(c, ScenarioBody)
    if (!parsed.ok) return parsed.problem
    try {
      const session = control.useScenario(parsed.data.name, c.var.session.id)
      return c.json({
        session: session.id,
        scenario: session.scenario.name,
        description: session.scenario.description,
      })
    } catch (error) {
      if (error instanceof ScenarioError) {
        const known = control.scenarioNames().map((s) => s.name)
        return answerProblem(c, MOCK_PROBLEMS.scenarioNotFound(parsed.data.name, known))
      }
      throw error
    }
  })

  registerStateEditing(app)
  registerRuleEditing(app)
  // The export's writer loads on the first download: a page's MSW bundle starts without it.
  app.get(`${ADMIN_PREFIX}/scenario/export`, async (c) => {
    scenarioExport ??= import('./scenario-export.js')
    return (await scenarioExport).answerScenarioExport(c)
  })
  registerJournalRoutes(app, control.journal)
  registerDashboard(app)
}
