import type { Check } from './check.js'
import { checks as ALL_CHECKS } from './checks/index.js'

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

/** The checks a run with these options judges (profile, --only, --skip). */
export const selectChecks = (options: CheckSelection): readonly Check[] => {
  const only = (options.only ?? []).map(globToRegExp)
  const skip = (options.skip ?? []).map(globToRegExp)
  return ALL_CHECKS.filter(
    (check) =>
      (check.profile === 'default' || options.strict === true) &&
      (only.length === 0 || only.some((re) => re.test(check.id))) &&
      !skip.some((re) => re.test(check.id)),
  )
}
