import type { Rule } from './scenario.js'

/**
 * What a runtime rule's id starts with: then the count of rules the app was given so far
 * (`rule_1`). Its schema is built where ids are read (admin-rules.ts, loaded on first use).
 */
export const RULE_ID_PREFIX = 'rule_'

/** The id of the app's `n`th rule added at run time (from 1). */
export const ruleIdOf = (n: number) => `${RULE_ID_PREFIX}${n}`

/**
 * A rule added to a session at run time (`POST /__mock/rules`), with its own memory: how often it
 * applied, and its recent hits (a rate limit).
 */
export type RuntimeRule = {
  /** `rule_<n>`: unique in the app, never given twice. */
  readonly id: string
  readonly rule: Rule
  applied: number
  hits: number[]
}

/** Uses left of a counted rule (`times`), or null when it has no count. */
export const remainingOf = (rule: Rule, applied: number): number | null =>
  rule.times === undefined ? null : Math.max(0, rule.times - applied)
