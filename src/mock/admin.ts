import { z } from '@hono/zod-openapi'
import type { Context, Hono } from 'hono'
import { jsonPointer } from '../common/json-pointer.js'
import { WorkerId } from '../schemas/ids.js'
import { ADMIN_PREFIX, invalid, invalidQuery } from './admin-answers.js'
import { PageLimit } from './bounded-page.js'
import type { MockEnv } from './env.js'
import type { Journal } from './journal.js'
import { registerJournalRoutes } from './journal-routes.js'
import { buildProblem, problemResponseOf } from './problem.js'
import type { ScenarioInput } from './scenario.js'
import { ScenarioError } from './scenario-error.js'
import type { Session, Sessions } from './session.js'
import { stateOf } from './state-of.js'

export { ADMIN_PREFIX }

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
  readonly scenarioNames: () => { name: string; description: string }[]
  readonly clock: () => number
  readonly startedAt: number
}

const ScenarioBody = z
  .object({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a scenario name: lowercase letters, digits, dashes'),
  })
  .strict()
const StateQuery = z
  .object({
    limit: PageLimit.optional(),
    after: WorkerId.optional(),
  })
  .strict()

const readJson = async (c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> => {
  try {
    return { ok: true, value: await c.req.json() }
  } catch {
    return { ok: false }
  }
}

/** `/__mock/*`: reset, scenario, state, request journal, health. Kept out of the API document. */
export const registerAdmin = (app: Hono<MockEnv>, control: MockControl) => {
  app.get(`${ADMIN_PREFIX}/health`, (c) =>
    c.json({
      status: 'ok',
      sessions: control.sessions.size(),
      scenario: c.var.session.scenario.name,
      uptimeMs: Math.max(0, control.clock() - control.startedAt),
    }),
  )

  app.get(`${ADMIN_PREFIX}/scenarios`, (c) => c.json({ scenarios: control.scenarioNames() }))

  app.get(`${ADMIN_PREFIX}/state`, (c) => {
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

  app.put(`${ADMIN_PREFIX}/scenario`, async (c) => {
    const body = await readJson(c)
    if (!body.ok) return invalid(c, '/body', 'Malformed JSON')
    const parsed = ScenarioBody.safeParse(body.value)
    if (!parsed.success)
      return invalid(
        c,
        `/body${jsonPointer(parsed.error.issues[0]?.path ?? [])}`,
        parsed.error.issues[0]?.message ?? 'invalid',
      )
    try {
      const session = control.useScenario(parsed.data.name, c.var.session.id)
      return c.json({
        session: session.id,
        scenario: session.scenario.name,
        description: session.scenario.description,
      })
    } catch (error) {
      if (error instanceof ScenarioError) {
        return problemResponseOf(
          c,
          buildProblem(
            'not-found',
            `No scenario named ${parsed.data.name}; known: ${control
              .scenarioNames()
              .map((s) => s.name)
              .join(', ')}.`,
            [{ pointer: '/body/name', message: 'No such scenario' }],
          ),
        )
      }
      throw error
    }
  })

  registerJournalRoutes(app, control.journal)
}
