import { baseUrlProblem } from '../common/base-url-problem.js'
import { LlmProviderId, OrgId } from '../schemas/ids.js'
import { ContractError } from './contract-error.js'

export type TargetOptions = {
  readonly baseUrl: string
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  readonly shrinkCalls?: number | undefined
}

/** RFC 9110 §5.1 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** RFC 9110 §5.5: a field value has no line break and no NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const FORBIDDEN_IN_VALUE = /[\r\n\u0000]/

/** Refuses a header fetch would refuse, naming it but never printing its value (a credential). */
const validateHeaders = (headers: Readonly<Record<string, string>>) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      throw new ContractError(
        `[worker-api-kit] ${JSON.stringify(name)} is not a header name; use letters, digits and -.`,
        'E_USAGE',
      )
    if (FORBIDDEN_IN_VALUE.test(value))
      throw new ContractError(
        `[worker-api-kit] the value of header ${name} holds a line break or NUL; a header value is one line.`,
        'E_USAGE',
      )
  }
}

/** Refuses options the suite cannot run with, with one line saying what to pass instead. */
export const validateOptions = (options: TargetOptions): void => {
  const problem = baseUrlProblem(options.baseUrl, '--base-url')
  if (problem !== undefined) throw new ContractError(problem, 'E_USAGE')
  validateHeaders(options.headers ?? {})
  const { shrinkCalls } = options
  if (shrinkCalls !== undefined && !(Number.isInteger(shrinkCalls) && shrinkCalls >= 0))
    throw new ContractError(
      `[worker-api-kit] shrinkCalls ${JSON.stringify(shrinkCalls)} is not a whole number of calls (0 or more).`,
      'E_USAGE',
    )
  if ((options.orgId === undefined) !== (options.llmProviderId === undefined)) {
    throw new ContractError(
      '[worker-api-kit] pass both --org-id and --llm-provider-id, or neither.',
      'E_USAGE',
    )
  }
  if (options.orgId !== undefined && !OrgId.safeParse(options.orgId).success) {
    throw new ContractError(
      `[worker-api-kit] --org-id ${JSON.stringify(options.orgId)} is not an org_… id of 30 characters.`,
      'E_USAGE',
    )
  }
  if (
    options.llmProviderId !== undefined &&
    !LlmProviderId.safeParse(options.llmProviderId).success
  ) {
    throw new ContractError(
      `[worker-api-kit] --llm-provider-id ${JSON.stringify(options.llmProviderId)} is not an lpr_… id of 30 characters.`,
      'E_USAGE',
    )
  }
}
