import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { excerptStrings } from '../common/excerpt.js'
import { jsonBytes } from '../common/json-bytes.js'
import { redactJson } from '../secrets/index.js'
import { answerProblem, invalid } from '../server/index.js'
import { readAdminBody } from './admin-body.js'
import type { MockEnv } from './env.js'
import { MOCK_PROBLEMS } from './problems.js'
import { RULE_ID_PREFIX, remainingOf } from './runtime-rule.js'
import { MAX_SCENARIO_RULES, Rule } from './scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'
import type { Session } from './session.js'

/** A runtime rule's id, as a path names it: the prefix and a number (runtime-rule.ts). */
const RuleId = z
  .string()
  .regex(
    new RegExp(`^${RULE_ID_PREFIX}[1-9][0-9]{0,15}$`),
    `a rule id: ${RULE_ID_PREFIX} and a number`,
  )

/**
 * A rule as the admin API answers it: a secret-named field in it (a `respond` body's) masked, and
 * a secret the session's clients sent, wherever the rule repeats it.
 */
const shownRule = (session: Session, rule: Rule) =>
  excerptStrings(redactJson(rule), Number.POSITIVE_INFINITY, session.secrets.mask)

/** The session's rules in the order they apply: added at run time first, then its scenario's. */
const rulesOf = (session: Session) => [
  ...session.runtimeRules.map(({ id, rule, applied }) => ({
    id,
    source: 'runtime' as const,
    rule: shownRule(session, rule),
    remaining: remainingOf(rule, applied),
  })),
  ...session.scenario.rules.map((rule, index) => ({
    id: null,
    source: 'scenario' as const,
    rule: shownRule(session, rule),
    remaining: remainingOf(rule, session.rules.applied[index] ?? 0),
  })),
]

/** Bytes of the session's rules, its scenario's and those added, as a scenario file holds them. */
const bytesOfRules = (session: Session) =>
  jsonBytes([...session.runtimeRules.map((added) => added.rule), ...session.scenario.rules])

/** `GET /__mock/rules`: the session's rules, those added at run time first. */
export const listRules = (c: Context<MockEnv>) => c.json({ rules: rulesOf(c.var.session) })

/**
 * `POST /__mock/rules`: a rule added to the session, within what one scenario file holds (count
 * and bytes) together with its scenario's, so the session's export always loads; `nextId` gives
 * its id (ids count up over the app: one is never given twice).
 */
export const addRule = async (c: Context<MockEnv>, nextId: () => string) => {
  const body = await readAdminBody(c, Rule)
  if (!body.ok) return body.problem
  const { session } = c.var
  // What the rule answers (a key in its body or headers) is masked wherever it comes back: in
  // the journal of what it answers, the state, the export.
  session.secrets.learnJson(body.data)
  session.secrets.learnHeaders(Object.entries(body.data.respond?.headers ?? {}))
  const count = session.runtimeRules.length + session.scenario.rules.length
  // +1: the comma that joins it to the others in the file's list
  const bytes = bytesOfRules(session) + jsonBytes(body.data) + 1
  if (count >= MAX_SCENARIO_RULES || bytes > MAX_SCENARIO_FILE_BYTES)
    return answerProblem(c, MOCK_PROBLEMS.tooManyRules(MAX_SCENARIO_RULES, MAX_SCENARIO_FILE_BYTES))
  const id = nextId()
  session.runtimeRules.push({ id, rule: body.data, applied: 0, hits: [] })
  return c.json({ id, rule: shownRule(session, body.data) }, 201)
}

/** `DELETE /__mock/rules/{id}`: a rule added at run time, taken off the session. */
export const deleteRule = (c: Context<MockEnv>) => {
  const parsed = RuleId.safeParse(c.req.param('id'))
  if (!parsed.success) return invalid(c, '/params/id', parsed.error.issues[0]?.message ?? 'invalid')
  const id = parsed.data
  const { runtimeRules } = c.var.session
  const at = runtimeRules.findIndex((added) => added.id === id)
  if (at === -1) return answerProblem(c, MOCK_PROBLEMS.ruleNotFound(id))
  runtimeRules.splice(at, 1)
  return c.body(null, 204)
}
