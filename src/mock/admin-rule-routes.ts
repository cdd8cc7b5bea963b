import type { Hono } from 'hono'
import { ADMIN_PREFIX } from '../server/index.js'
import type { MockEnv } from './env.js'
import { ruleIdOf } from './runtime-rule.js'

const RULES = `${ADMIN_PREFIX}/rules`

/** The rule edits (admin-rules.ts), loaded on first use: a page's MSW start-up edits no rule. */
let edits: Promise<typeof import('./admin-rules.js')> | undefined
const load = () => {
  edits ??= import('./admin-rules.js')
  return edits
}

/**
 * `/__mock/rules`: rules added to a session at run time, listed with its scenario's, and deleted
 * (docs/admin-api.md#editing-state-and-rules). Ids count up over the app: one is never given twice.
 */
export const registerRuleEditing = (app: Hono<MockEnv>) => {
  let added = 0
  const nextId = () => ruleIdOf(++added)
  app.get(RULES, async (c) => (await load()).listRules(c))
  app.post(RULES, async (c) => (await load()).addRule(c, nextId))
  app.delete(`${RULES}/:id`, async (c) => (await load()).deleteRule(c))
}
