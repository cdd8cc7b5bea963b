import type { Context } from 'hono'
import type { MockEnv } from '../env.js'
import { isContentful } from '../internal/is-contentful.js'
import type { MatchedOperation } from '../internal/match-operation.js'
import { applyRules } from '../rules.js'
import type { Cors } from './cors.js'
import { resetAnswer } from './faults.js'

/** What the scenario decided: an answer of its own, or go on (cutting the real answer's body). */
export type ScenarioOutcome = { answer?: Response; truncate: boolean }

/** Scenario rules: latency, faults, rate limits and canned answers, layered over the operations. */
export const applyScenario =
  ({ sleep, cors }: { sleep: (ms: number) => Promise<void>; cors: Cors }) =>
  async (
    c: Context<MockEnv>,
    operation: MatchedOperation | undefined,
  ): Promise<ScenarioOutcome> => {
    const session = c.get('session')
    if (session.scenario.rules.length === 0 || !operation) return { truncate: false }
    const outcome = await applyRules(
      session,
      { ...operation, path: c.req.path, body: () => c.req.json().catch(() => undefined) },
      { now: c.get('now'), sleep },
    )
    if (outcome.kind === 'continue') return { truncate: outcome.truncate }
    if (outcome.kind === 'reset')
      return { answer: resetAnswer(c.env?.incoming?.socket), truncate: false }
    // Through c.body, so the CORS headers set before are kept on a scenario's answer too.
    const { response } = outcome
    if (!isContentful(response.status)) return { answer: response, truncate: false }
    const headers = Object.fromEntries(response.headers)
    cors.expose(
      c,
      Object.keys(headers).filter((name) => name !== 'content-type'),
    )
    const body = await response.arrayBuffer()
    return { answer: c.body(body, { status: response.status, headers }), truncate: false }
  }
