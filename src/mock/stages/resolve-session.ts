import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { isMockToken } from '../../secrets/index.js'
import { answerProblem, SERVER_PROBLEMS } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { MOCK_PROBLEMS } from '../problems.js'
import { type Scenario, ScenarioName } from '../scenario.js'
import type { ScenarioCatalog } from '../scenario-catalog.js'
import type { Sessions } from '../sessions.js'

const SessionHeader = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, '1 to 128 letters, digits or . _ : -')
const ScenarioHeader = ScenarioName

/**
 * Decodes `x-mock-session` and `x-mock-scenario` (a bad value is a 400 naming the header, before
 * any session is touched) and sets the request's session, time and user, and how to put the
 * session back should the mock refuse the request.
 */
export const resolveSession =
  ({
    sessions,
    catalog,
    clock,
  }: {
    sessions: Sessions
    catalog: ScenarioCatalog
    clock: () => number
  }) =>
  (c: Context<MockEnv>): Response | undefined => {
    const rawSession = c.req.header('x-mock-session')
    const rawScenario = c.req.header('x-mock-scenario')
    const sessionId = rawSession === undefined ? undefined : SessionHeader.safeParse(rawSession)
    if (sessionId && !sessionId.success) {
      const message = sessionId.error.issues[0]?.message ?? ''
      return answerProblem(c, SERVER_PROBLEMS.invalidHeader('x-mock-session', message))
    }
    // A session's id is a label the journal, the state and the dashboard show as it is: never a
    // token the mock hands out. (A label may be the auth mode's bearer, which names a user.)
    if (sessionId && isMockToken(sessionId.data)) {
      const message = 'a token the mock hands out; a session id is a label, shown as it is'
      return answerProblem(c, SERVER_PROBLEMS.invalidHeader('x-mock-session', message))
    }
    let scenario: Scenario | undefined
    if (rawScenario !== undefined) {
      const name = ScenarioHeader.safeParse(rawScenario)
      scenario = name.success ? catalog.lookup(name.data) : undefined
      if (!scenario) {
        return answerProblem(c, MOCK_PROBLEMS.unknownScenarioHeader([...catalog.all().keys()]))
      }
    }
    const id = sessionId?.data ?? ''
    const { session, putBack } = sessions.enter(id, scenario)
    c.set('session', session)
    c.set('putBackSession', putBack)
    c.set('now', clock())
    c.set('userId', session.userId)
    return undefined
  }
