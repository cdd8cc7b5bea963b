import type { OperationId } from '../api/operations.js'
import { jsonPointer } from '../common/json-pointer.js'
import type { Case } from './cases.js'
import type { Check } from './check.js'
import { type ClassOutcome, createClassTally } from './coverage-classes.js'
import { evidenceOfCase, evidenceOfSent, type SentParts, sentParts } from './coverage-evidence.js'
import { buildRules, type Rule, type RuleKind, type RulePart } from './coverage-rules.js'
import type { CheckInput } from './exchange.js'
import { successOf } from './success-schema.js'
import type { Unsent } from './unsent.js'

type CoverageVerdict = 'covered-pass' | 'covered-fail' | 'not-exercised'

/** One row of the coverage table: a rule of the spec × what the run did about it. */
export type CoverageRow = {
  readonly rule: string
  readonly operationId: Rule['operationId']
  readonly part: RulePart
  readonly pointer: string
  readonly kind: RuleKind
  readonly text: string
  /** Judged requests the server had to accept with the value exactly at the rule's bound. */
  readonly boundarySent: number
  /** Judged requests that break the rule (the server had to reject them). */
  readonly violationSent: number
  /** Judged success bodies checked against the rule. */
  readonly responseChecked: number
  readonly verdict: CoverageVerdict
  /** Why the rule was not exercised. */
  readonly reason?: string | undefined
  /** Titles of the cases whose verdict on this rule failed (a few). */
  readonly failedCases?: readonly string[] | undefined
  /** The catalogue's classes sent on this rule (docs/CATALOGUE.md) and how each was answered. */
  readonly classes: readonly ClassOutcome[]
}

export type Coverage = {
  readonly rules: number
  readonly exercised: number
  /** Exercised rules in percent, rounded down: 100 means every rule. */
  readonly percent: number
  readonly rows: readonly CoverageRow[]
}

/** The check whose verdict on an exchange is the verdict on each kind of evidence. */
const JUDGE = {
  boundary: 'accepts-valid-input',
  violation: 'rejects-invalid-input',
  response: 'response-schema',
} as const
type Side = keyof typeof JUDGE

/** The evidence a rule needs before it counts as exercised. */
const sidesOf = (rule: Rule): readonly Side[] => {
  if (rule.part === 'response') return ['response']
  if (rule.kind === 'optional') return ['boundary'] // an accepted request without the field
  if (rule.bound !== undefined) return ['boundary', 'violation'] // both sides of the bound
  return ['violation']
}

const MAX_FAILED_CASES = 3

type Count = { judged: number; failedCount: number; failed: string[]; unjudged: number }

const emptyCount = (): Count => ({ judged: 0, failedCount: 0, failed: [], unjudged: 0 })

/** One side's check, to count its verdict on one exchange. */
type SideVerdict = {
  readonly count: Count
  readonly input: CheckInput
  readonly check: Check | undefined
  readonly isFailed?: () => boolean
}

/**
 * Whether a side's verdict is a failure. A request that breaks a rule breaks that one alone, so
 * any wrong answer is the rule's; an accepted request holds every rule at once (a valid path id
 * rides along with every body), so a boundary fails only when no request at it was accepted.
 */
const isFailedSide = (side: Side, count: Count) =>
  side === 'boundary'
    ? count.judged > 0 && count.failedCount === count.judged
    : count.failedCount > 0

export type CoverageRecorder = {
  /** Looks at one complete exchange (after the checks judged it). */
  readonly record: (input: CheckInput) => void
  /** The table, once every case was sent or set aside. */
  readonly result: (unsent: Unsent) => Coverage
}

/** Which rules a success body breaks, by pointer with `*` for array indexes. */
const brokenResponsePointers = (input: CheckInput): Set<string> => {
  const parsed = successOf(input.case.operationId).schema.safeParse(input.exchange.response?.json)
  if (parsed.success) return new Set()
  return new Set(
    parsed.error.issues.map((issue) =>
      jsonPointer(issue.path.map((p) => (typeof p === 'number' ? '*' : String(p)))),
    ),
  )
}

/**
 * The rules, read from the schemas once per process: the same objects on every run, so that what
 * a kept case shows about each is worked out once (coverage-evidence.ts).
 */
let builtRules: readonly Rule[] | undefined
const rulesOnce = () => {
  builtRules ??= buildRules()
  return builtRules
}

/** Gathers, exchange by exchange, what a run did about every rule of the spec. */
export const createCoverage = (checks: readonly Check[]): CoverageRecorder => {
  const rules = rulesOnce()
  const judges: Record<Side, Check | undefined> = {
    boundary: checks.find((check) => check.id === JUDGE.boundary),
    violation: checks.find((check) => check.id === JUDGE.violation),
    response: checks.find((check) => check.id === JUDGE.response),
  }
  const judgeOf = (side: Side) => judges[side]
  /** The rules of each operation, in the rules' order: an exchange is looked at against its own. */
  const rulesOf = new Map<OperationId, Rule[]>()
  for (const rule of rules)
    rulesOf.set(rule.operationId, [...(rulesOf.get(rule.operationId) ?? []), rule])
  const counts = new Map<Rule, Record<Side, Count>>(
    rules.map((rule) => [
      rule,
      { boundary: emptyCount(), violation: emptyCount(), response: emptyCount() },
    ]),
  )

  /** Counts a side's check's verdict on an exchange; `isFailed` says whether a failure is the rule's. */
  const countVerdict = ({ count, input, check, isFailed }: SideVerdict) => {
    if (!check) return
    const verdict = check.run(input)
    if (verdict.kind === 'n/a') {
      count.unjudged++
      return
    }
    count.judged++
    const failed = isFailed ? verdict.kind === 'fail' && isFailed() : verdict.kind === 'fail'
    if (!failed) return
    count.failedCount++
    if (count.failed.length < MAX_FAILED_CASES) count.failed.push(input.case.title)
  }

  const classes = createClassTally(rules, checks)

  const record = (input: CheckInput) => {
    classes.record(input)
    let broken: Set<string> | undefined
    let sent: SentParts | undefined
    for (const rule of rulesOf.get(input.case.operationId) ?? []) {
      const count = counts.get(rule)
      if (!count) continue
      if (rule.part === 'response') {
        if (input.case.expect !== 'accept') continue
        countVerdict({
          count: count.response,
          input,
          check: judgeOf('response'),
          isFailed: () => {
            broken ??= brokenResponsePointers(input)
            return broken.has(rule.pointer)
          },
        })
        continue
      }
      sent ??= sentParts(input.sentJson, input.params)
      const evidence = evidenceOfSent(rule, input.case, sent)
      if (evidence.isViolation)
        countVerdict({ count: count.violation, input, check: judgeOf('violation') })
      if (evidence.isAtBound || evidence.isOmission)
        countVerdict({ count: count.boundary, input, check: judgeOf('boundary') })
    }
  }

  /** Why a rule's missing side was not exercised: the first reason that holds. */
  const reasonOf = (rule: Rule, side: Side, count: Count, unsent: Unsent): string => {
    const skipped = unsent.skippedOperations.get(rule.operationId)
    if (skipped) return `${rule.operationId} not run: ${skipped}`
    if (!judgeOf(side)) return `check ${JUDGE[side]} not selected (--only/--skip)`
    // A case the run withholds on purpose (a cloud worker) is named only when nothing else explains.
    const pendingOf = (isWithheld: boolean) =>
      unsent.notRun.find(
        ({ case: c }) =>
          c.operationId === rule.operationId &&
          (c.withheld !== undefined) === isWithheld &&
          wouldShow(rule, side, c),
      )
    const pending = pendingOf(false)
    if (pending) return `case "${pending.case.title}" not sent: ${pending.reason}`
    if (count.unjudged > 0)
      return side === 'response'
        ? `${count.unjudged} request(s) to accept got no 2xx JSON body to check`
        : `${count.unjudged} request(s) sent got no answer to judge`
    const withheld = pendingOf(true)
    if (withheld) return `case "${withheld.case.title}" not sent: ${withheld.reason}`
    return side === 'response'
      ? 'no success body to check'
      : side === 'violation'
        ? 'no case breaks it'
        : rule.kind === 'optional'
          ? 'no accepted request leaves it out'
          : `no accepted request at the bound (${rule.bound}) was sent`
  }

  const result = (unsent: Unsent): Coverage => {
    const rows = rules.map((rule): CoverageRow => {
      const count = counts.get(rule) ?? {
        boundary: emptyCount(),
        violation: emptyCount(),
        response: emptyCount(),
      }
      const sides = sidesOf(rule)
      const missing = sides.find((side) => count[side].judged === 0)
      const failedCases = sides
        .filter((side) => isFailedSide(side, count[side]))
        .flatMap((side) => count[side].failed)
        .slice(0, MAX_FAILED_CASES)
      return {
        rule: rule.id,
        operationId: rule.operationId,
        part: rule.part,
        pointer: rule.pointer,
        kind: rule.kind,
        text: rule.text,
        boundarySent: count.boundary.judged,
        violationSent: count.violation.judged,
        responseChecked: count.response.judged,
        verdict: missing
          ? 'not-exercised'
          : failedCases.length > 0
            ? 'covered-fail'
            : 'covered-pass',
        reason: missing ? reasonOf(rule, missing, count[missing], unsent) : undefined,
        failedCases: failedCases.length > 0 ? failedCases : undefined,
        classes: classes.of(rule),
      }
    })
    const exercised = rows.filter((row) => row.verdict !== 'not-exercised').length
    return {
      rules: rows.length,
      exercised,
      percent: rows.length === 0 ? 100 : Math.floor((exercised * 100) / rows.length),
      rows,
    }
  }

  return { record, result }
}

/** Whether a case would have shown this side of the rule, had it been sent. */
const wouldShow = (rule: Rule, side: Side, c: Case): boolean => {
  if (side === 'response') return c.expect === 'accept'
  const evidence = evidenceOfCase(rule, c)
  return side === 'violation' ? evidence.isViolation : evidence.isAtBound || evidence.isOmission
}

/** Whether the run exercised at least `percent` % of the rules (exact, not the rounded figure). */
export const meetsCoverage = (coverage: Coverage, percent: number): boolean =>
  coverage.exercised * 100 >= percent * coverage.rules
