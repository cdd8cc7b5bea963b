import type { Rule } from './scenario.js'

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
