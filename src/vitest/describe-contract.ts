import { beforeAll, describe, it } from 'vitest'
import {
  type CheckResult,
  CONTRACT_DEFAULTS,
  type ContractOptions,
  formatFailures,
  type Report,
  runContract,
  selectChecks,
} from '../contract/index.js'

export type DescribeContractOptions = Partial<ContractOptions> & {
  /**
   * The mock session the suite runs in (`x-mock-session`): default a fresh one of its own, so its
   * test data never lands in the session a developer is looking at; a name to pick one; `false`
   * for none (a real deployment). An `x-mock-session` in `headers` wins.
   */
  readonly session?: string | false
}

let runs = 0

/** A session id of the suite's own: unique per call and process. */
const freshSession = () =>
  `contract-${Date.now().toString(36)}-${++runs}-${Math.random().toString(36).slice(2, 8)}`

const env = (name: string) => {
  const value = process.env[name]
  return value === undefined || value === '' ? undefined : value
}

/**
 * Registers the contract suite as vitest tests, one per check and operation. Options default to
 * the environment: CONTRACT_BASE_URL, CONTRACT_ORG_ID, CONTRACT_LLM_PROVIDER_ID,
 * CONTRACT_AUTHORIZATION (sent as the Authorization header), CONTRACT_SEED. It runs in a mock
 * session of its own unless `session` names one (or is `false`: none, for a real deployment).
 */
export const describeContract = (options: DescribeContractOptions = {}) => {
  const baseUrl = options.baseUrl ?? env('CONTRACT_BASE_URL')
  const authorization = env('CONTRACT_AUTHORIZATION')
  const seed =
    options.seed ?? (env('CONTRACT_SEED') === undefined ? undefined : Number(env('CONTRACT_SEED')))
  const runTimeoutMs = options.runTimeoutMs ?? CONTRACT_DEFAULTS.runTimeoutMs
  const { session = freshSession(), ...contractOptions } = options

  describe(`worker-api-kit contract${baseUrl ? ` against ${baseUrl}` : ''}`, () => {
    if (baseUrl === undefined) {
      it.skip('needs CONTRACT_BASE_URL (or the baseUrl option)', () => undefined)
      return
    }
    let report: Report | undefined
    beforeAll(async () => {
      report = await runContract({
        ...contractOptions,
        baseUrl,
        headers: {
          ...(session === false ? {} : { 'x-mock-session': session }),
          ...(authorization ? { authorization } : {}),
          ...options.headers,
        },
        orgId: options.orgId ?? env('CONTRACT_ORG_ID'),
        llmProviderId: options.llmProviderId ?? env('CONTRACT_LLM_PROVIDER_ID'),
        ...(seed === undefined ? {} : { seed }),
      })
    }, runTimeoutMs + 30_000)

    for (const check of selectChecks(options)) {
      for (const operationId of check.operations) {
        it(`${check.id} · ${operationId}`, (context) => {
          const result: CheckResult | undefined = report?.results.find(
            (r) => r.checkId === check.id && r.operationId === operationId,
          )
          if (!report || !result)
            throw new Error('[worker-api-kit] the contract run produced no result')
          if (result.outcome === 'skipped') context.skip(result.reason)
          if (result.outcome === 'failed')
            throw new Error(formatFailures({ ...report, results: [result] }))
        })
      }
    }
  })
}
