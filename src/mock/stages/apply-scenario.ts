import type { Context } from 'hono'
import type { MatchedOperation } from '../../api/match-operation.js'
import { isContentful } from '../../common/is-contentful.js'
import { untrustedAnswerHeaders } from '../../common/untrusted-answer-headers.js'
import { answer, type Cors } from '../../server/index.js'
import type { MockEnv } from '../env.js'
import { type AppliedRule, applyRules, NO_RULES_APPLIED } from '../rules.js'
import { resetAnswer } from './faults.js'

/**
 * What the scenario decided: an answer of its own, or go on (cutting the real answer's body); and
 * the rules that applied, for the journal. Going on, `giveBack` undoes what the rules counted and
 * drew, for a request the route then refuses.
 */
export type ScenarioOutcome = {
  answer?: Response
  truncate: boolean
  applied: readonly AppliedRule[]
  giveBack?: () => void
}

/** What a request no rule applies to goes on with (shared: never written to). */
const NO_RULES: ScenarioOutcome = Object.freeze({ truncate: false, applied: NO_RULES_APPLIED })

/**
 * Scenario rules: latency, faults, rate limits and canned answers, layered over the operations. A
 * session without rules (the default scenario) goes on at once, with no promise to wait for.
 */
export const applyScenario = (options: { sleep: (ms: number) => Promise<void>; cors: Cors }) => {
  const withRules = applyRulesOf(options)
  return (
    c: Context<MockEnv>,
    operation: MatchedOperation | undefined,
  ): ScenarioOutcome | Promise<ScenarioOutcome> => {
    const session = c.get('session')
    const hasRules = session.scenario.rules.length > 0 || session.runtimeRules.length > 0
    return hasRules && operation ? withRules(c, operation) : NO_RULES
  }
}

const applyRulesOf =
  ({ sleep, cors }: { sleep: (ms: number) => Promise<void>; cors: Cors }) =>
  async (c: Context<MockEnv>, operation: MatchedOperation): Promise<ScenarioOutcome> => {
    const session = c.get('session')
    const outcome = await applyRules(
      session,
      { ...operation, path: c.req.path, body: () => c.req.json().catch(() => undefined) },
      { now: c.get('now'), sleep },
    )
    const { applied } = outcome
    if (outcome.kind === 'continue')
      return { truncate: outcome.truncate, applied, giveBack: outcome.giveBack }
    if (outcome.kind === 'reset') return { answer: resetAnswer(), truncate: false, applied }
    // Through `answer`, so the CORS headers set before are kept on a scenario's answer too.
    const { response } = outcome
    if (!isContentful(response.status)) return { answer: response, truncate: false, applied }
    const headers = Object.fromEntries(response.headers)
    cors.expose(
      c,
      Object.keys(headers).filter((name) => name !== 'content-type'),
    )
    // As text (a rule's answers are JSON it wrote): a string body keeps the node server's
    // single-write path, and the journal reads it from there.
    const body = await response.text()
    // A rule may answer any content type (`text/html` included): never run as the mock's page.
    const contained = untrustedAnswerHeaders(headers['content-type'])
    return {
      answer: answer(c, body, response.status, { ...headers, ...contained }),
      truncate: false,
      applied,
    }
  }
