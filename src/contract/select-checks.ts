import type { Check } from './check.js'
import { checks as ALL_CHECKS } from './checks/index.js'
import { ContractError } from './contract-error.js'

/** `accepts-*` → /^accepts-.*$/: `*` matches anything, every other character itself. */
const globToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  )

export type CheckSelection = {
  /** Check ids to run / to leave out; `*` matches anything. */
  readonly only?: readonly string[] | undefined
  readonly skip?: readonly string[] | undefined
  /** Also judge our conventions (`strict` checks). */
  readonly strict?: boolean | undefined
}

/** A check of the run's profile that --only/--skip left out, and which filter did. */
export type LeftOutCheck = { readonly check: Check; readonly reason: string }

const usageError = (message: string) =>
  new ContractError(
    `[worker-api-kit] ${message}; the check ids are: ${ALL_CHECKS.map((c) => c.id).join(', ')}.`,
    'E_USAGE',
  )

/**
 * Every pattern must match a check id: a typo in a CI job's filter would otherwise judge nothing
 * and exit 0. An --only pattern that matches only --strict checks needs --strict, for the same reason.
 */
const refuseUselessPatterns = (options: CheckSelection) => {
  for (const [flag, patterns] of [
    ['--only', options.only ?? []],
    ['--skip', options.skip ?? []],
  ] as const) {
    for (const pattern of patterns) {
      const re = globToRegExp(pattern)
      const matched = ALL_CHECKS.filter((check) => re.test(check.id))
      if (matched.length === 0) throw usageError(`${flag} ${pattern} matches no check id`)
      if (
        flag === '--only' &&
        options.strict !== true &&
        matched.every((c) => c.profile === 'strict')
      ) {
        throw usageError(`${flag} ${pattern} matches only --strict checks; add --strict`)
      }
    }
  }
}

/**
 * The checks of the run's profile, split into those the run judges and those --only/--skip left
 * out (reported as skipped, with the filter as the reason). Throws a usage `ContractError` when a
 * pattern matches no check id or the filters leave no check to judge.
 */
export const partitionChecks = (
  options: CheckSelection,
): { readonly selected: readonly Check[]; readonly leftOut: readonly LeftOutCheck[] } => {
  refuseUselessPatterns(options)
  const onlyPatterns = options.only ?? []
  const only = onlyPatterns.map(globToRegExp)
  const skipPatterns = options.skip ?? []
  const selected: Check[] = []
  const leftOut: LeftOutCheck[] = []
  for (const check of ALL_CHECKS) {
    if (check.profile === 'strict' && options.strict !== true) continue
    const skippedBy = skipPatterns.find((p) => globToRegExp(p).test(check.id))
    if (skippedBy !== undefined) leftOut.push({ check, reason: `left out by --skip ${skippedBy}` })
    else if (only.length > 0 && !only.some((re) => re.test(check.id)))
      leftOut.push({ check, reason: `not selected by --only ${onlyPatterns.join(',')}` })
    else selected.push(check)
  }
  if (selected.length === 0) throw usageError('--only and --skip leave no check to judge')
  return { selected, leftOut }
}

/** The checks a run with these options judges (profile, --only, --skip); throws like `partitionChecks`. */
export const selectChecks = (options: CheckSelection): readonly Check[] =>
  partitionChecks(options).selected
