import type { Hono } from 'hono'
import { redactJson } from '../secrets/index.js'
import { ADMIN_PREFIX, answerProblem, excerptStrings, invalid, jsonBytes } from '../server/index.js'
import { readAdminBody } from './admin-body.js'
import type { MockEnv } from './env.js'
import { MOCK_PROBLEMS } from './problems.js'
import { RuleId, remainingOf, ruleIdOf } from './runtime-rule.js'
import { MAX_SCENARIO_RULES, Rule } from './scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'
import type { Session } from './session.js'

const RULES = `${ADMIN_PREFIX}/rules`

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

/**
 * `/__mock/rules`: rules added to a session at run time, listed with its scenario's, and deleted.
 * Together with the scenario's they stay within what one scenario file holds (count and bytes),
 * so the session's export always loads. Ids count up over the app: one is never given twice.
 */
export const registerRuleEditing = (app: Hono<MockEnv>) => {
  let added = 0

  app.get(RULES, (c) => c.json({ rules: rulesOf(c.var.session) }))

  app.post(RULES, async (c) => {
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
      return answerProblem(
        c,
        MOCK_PROBLEMS.tooManyRules(MAX_SCENARIO_RULES, MAX_SCENARIO_FILE_BYTES),
      )
    added++
    const id = ruleIdOf(added)
    session.runtimeRules.push({ id, rule: body.data, applied: 0, hits: [] })
    return c.json({ id, rule: shownRule(session, body.data) }, 201)
  })

  app.delete(`${RULES}/:id`, (c) => {
    const parsed = RuleId.safeParse(c.req.param('id'))
    if (!parsed.success)
      return invalid(c, '/params/id', parsed.error.issues[0]?.message ?? 'invalid')
    const id = parsed.data
    const { runtimeRules } = c.var.session
    const at = runtimeRules.findIndex((added) => added.id === id)
    if (at === -1) return answerProblem(c, MOCK_PROBLEMS.ruleNotFound(id))
    runtimeRules.splice(at, 1)
    return c.body(null, 204)
  })
}
