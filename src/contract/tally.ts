import type { OperationId } from '../api/operations.js'
import type { Check } from './check.js'
import type { DescribedExchange } from './describe-exchange.js'
import type { CheckInput } from './exchange.js'
import type { CheckResult, ExchangeSummary, Finding } from './report.js'
import type { LeftOutCheck } from './select-checks.js'
import type { Unsent } from './unsent.js'

type Judged = { readonly exchanges: ExchangeSummary[]; readonly findings: Finding[] }

/** A check's finding on one exchange, as `judge` and `probe` tell it (warnings outside --strict apart). */
export type Verdicts = {
  readonly failures: readonly JudgedFinding[]
  readonly warnings: readonly JudgedFinding[]
}
type JudgedFinding = { readonly checkId: string; readonly message: string; readonly curl: string }

export type Tally = {
  /**
   * Judges one exchange with every check as soon as it is complete, and keeps only what the
   * report needs (redacted excerpts): the exchange itself is not kept. Says what failed.
   */
  readonly judge: (input: CheckInput) => Verdicts
  /** The same verdicts, kept nowhere: for an exchange the report does not hold (a shrink's). */
  readonly probe: (input: CheckInput) => Verdicts
  /** Adds to the finding of `checkId` on the exchange `curl` the sequence of calls that led to it. */
  readonly attachSequence: (
    found: { readonly checkId: string; readonly operationId: OperationId; readonly curl: string },
    sequence: readonly string[],
  ) => void
  /** One result per check and operation, in the checks' order; the checks left out, skipped, last. */
  readonly results: (unsent: Unsent) => CheckResult[]
}

export type TallyOptions = {
  /** The checks that judge, in the report's order. */
  readonly checks: readonly Check[]
  /** What the report keeps of an exchange a check judged. */
  readonly describe: (input: CheckInput) => DescribedExchange
  /** Warnings fail (`--strict`). */
  readonly isStrict: boolean
  /** The checks --only/--skip left out: reported as skipped. */
  readonly leftOut?: readonly LeftOutCheck[]
}

/** The verdicts of a run, gathered exchange by exchange. */
export const createTally = ({ checks, describe, isStrict, leftOut = [] }: TallyOptions): Tally => {
  const judged = new Map<Check, Map<OperationId, Judged>>(
    checks.map((check) => [
      check,
      new Map(check.operations.map((op) => [op, { exchanges: [], findings: [] }])),
    ]),
  )

  /** Each operation's checks, in the checks' order, with where their verdicts go. */
  const judging = new Map<OperationId, { readonly check: Check; readonly into: Judged }[]>()
  for (const check of checks)
    for (const [operationId, into] of judged.get(check) ?? []) {
      const list = judging.get(operationId) ?? []
      list.push({ check, into })
      judging.set(operationId, list)
    }

  const verdictsOf = (input: CheckInput, keep: boolean): Verdicts => {
    let described: DescribedExchange | undefined
    // Described once, when first needed: a probe keeps no summary, so only a failure needs it.
    const describedOnce = () => {
      described ??= describe(input)
      return described
    }
    const failures: JudgedFinding[] = []
    const warnings: JudgedFinding[] = []
    for (const { check, into } of judging.get(input.case.operationId) ?? []) {
      const verdict = check.run(input)
      if (verdict.kind === 'n/a') continue
      if (keep) into.exchanges.push(describedOnce().summary)
      if (verdict.kind !== 'fail') continue
      const finding = describedOnce().findingOf(verdict)
      if (keep) into.findings.push(finding)
      const told = { checkId: check.id, message: finding.message, curl: finding.curl }
      if (check.severity === 'warning' && !isStrict) warnings.push(told)
      else failures.push(told)
    }
    return { failures, warnings }
  }

  const attachSequence: Tally['attachSequence'] = (found, sequence) => {
    const check = checks.find((c) => c.id === found.checkId)
    const findings = check && judged.get(check)?.get(found.operationId)?.findings
    const at = findings?.findIndex((f) => f.curl === found.curl) ?? -1
    const finding = findings?.[at]
    if (findings && finding) findings[at] = { ...finding, sequence }
  }

  const resultOf = (
    check: Check,
    operationId: OperationId,
    unsent: Unsent,
    leftOutBecause?: string,
  ): CheckResult => {
    const base = {
      checkId: check.id,
      title: check.title,
      spec: check.spec,
      severity: check.severity,
      operationId,
    }
    const skipped = (reason: string): CheckResult => ({
      ...base,
      outcome: 'skipped',
      reason,
      judged: 0,
      findings: [],
      exchanges: [],
    })
    if (leftOutBecause !== undefined) return skipped(leftOutBecause)
    const operationSkipped = unsent.skippedOperations.get(operationId)
    if (operationSkipped) return skipped(operationSkipped)
    const { exchanges, findings } = judged.get(check)?.get(operationId) ?? {
      exchanges: [],
      findings: [],
    }
    if (exchanges.length === 0) {
      const pending = unsent.notRun.find((n) => n.case.operationId === operationId)
      return skipped(pending?.reason ?? 'no exchange to judge')
    }
    const isWarning = check.severity === 'warning' && !isStrict
    const outcome = findings.length === 0 ? 'passed' : isWarning ? 'warned' : 'failed'
    // A verdict on part of the operation's cases says so: the rest are listed as skipped cases.
    const casesNotSent = unsent.notRun.filter((n) => n.case.operationId === operationId).length
    return {
      ...base,
      outcome,
      judged: exchanges.length,
      ...(casesNotSent > 0 ? { casesNotSent } : {}),
      findings,
      exchanges,
    }
  }

  return {
    judge: (input) => verdictsOf(input, true),
    probe: (input) => verdictsOf(input, false),
    attachSequence,
    results: (unsent) => [
      ...checks.flatMap((check) => check.operations.map((op) => resultOf(check, op, unsent))),
      ...leftOut.flatMap(({ check, reason }) =>
        check.operations.map((op) => resultOf(check, op, unsent, reason)),
      ),
    ],
  }
}
