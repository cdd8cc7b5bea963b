import type { Expectation } from './cases.js'
import type { Check } from './check.js'
import type { Rule } from './coverage-rules.js'
import type { CheckInput } from './exchange.js'

/** What a run did with one class of the catalogue on one rule. */
export type ClassOutcome = {
  /** The class (docs/CATALOGUE.md), e.g. `max-length/at-multibyte`. */
  readonly id: string
  readonly expect: Expectation
  /** Requests of the class the server answered, on this rule. */
  readonly sent: number
  /** Of those, answered otherwise than a correct server would (a 2xx to reject, a 5xx …). */
  readonly failed: number
}

/** The check whose verdict says whether a class's request was answered as it must be. */
const JUDGE_OF: Readonly<Record<Expectation, string>> = {
  accept: 'accepts-valid-input',
  reject: 'rejects-invalid-input',
  either: 'no-server-error',
  unknown: 'no-server-error',
}
const UNKNOWN_ID_JUDGE = 'unknown-id-rejected'

/** The key of a rule as a class's target names it. */
const keyOf = (operationId: string, part: string, pointer: string, kind: string) =>
  `${operationId} ${part} ${pointer} ${kind}`

/**
 * Tallies, rule by rule, the catalogue's classes sent and how the server answered them: the
 * coverage table's `classes` column.
 */
export const createClassTally = (rules: readonly Rule[], checks: readonly Check[]) => {
  const byRule = new Map<
    string,
    Map<string, { expect: Expectation; sent: number; failed: number }>
  >(rules.map((rule) => [keyOf(rule.operationId, rule.part, rule.pointer, rule.kind), new Map()]))
  const byId = new Map<string, Check>()
  for (const check of checks) if (!byId.has(check.id)) byId.set(check.id, check)
  const checkOf = (id: string) => byId.get(id)
  return {
    record(input: CheckInput) {
      const { valueClass, targets, expect, kind, operationId } = input.case
      if (valueClass === undefined || targets === undefined || !input.exchange.response) return
      const judge = checkOf(kind === 'unknown-id' ? UNKNOWN_ID_JUDGE : JUDGE_OF[expect])
      const verdict = judge?.run(input)
      if (verdict === undefined || verdict.kind === 'n/a') return
      const seen = new Set<string>()
      for (const { part, pointer, kind: ruleKind } of targets) {
        const key = keyOf(operationId, part, pointer, ruleKind)
        if (seen.has(key)) continue
        seen.add(key)
        const classes = byRule.get(key)
        if (!classes) continue
        const tally = classes.get(valueClass) ?? { expect, sent: 0, failed: 0 }
        tally.sent++
        if (verdict.kind === 'fail') tally.failed++
        classes.set(valueClass, tally)
      }
    },
    /** The classes sent on a rule, in the order they were first sent. */
    of(rule: Rule): readonly ClassOutcome[] {
      const classes = byRule.get(keyOf(rule.operationId, rule.part, rule.pointer, rule.kind))
      return [...(classes ?? [])].map(([id, tally]) => ({ id, ...tally }))
    },
  }
}
