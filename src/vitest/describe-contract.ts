import { beforeAll, describe, it } from 'vitest'
import { CONTRACT_DEFAULTS } from '../contract/defaults.js'
import type { CheckResult, Report } from '../contract/report.js'
import { formatFailures } from '../contract/reporters/console.js'
import { type ContractOptions, runContract, selectChecks } from '../contract/runner.js'

export type DescribeContractOptions = Partial<ContractOptions>

const env = (name: string) => {
  const value = process.env[name]
  return value === undefined || value === '' ? undefined : value
}

/**
 * Registers the contract suite as vitest tests, one per check and operation. Options default to
 * the environment: CONTRACT_BASE_URL, CONTRACT_ORG_ID, CONTRACT_LLM_PROVIDER_ID,
 * CONTRACT_AUTHORIZATION (sent as the Authorization header), CONTRACT_SEED.
 */
export const describeContract = (options: DescribeContractOptions = {}) => {
  const baseUrl = options.baseUrl ?? env('CONTRACT_BASE_URL')
  const authorization = env('CONTRACT_AUTHORIZATION')
  const seed =
    options.seed ?? (env('CONTRACT_SEED') === undefined ? undefined : Number(env('CONTRACT_SEED')))
  const runTimeoutMs = options.runTimeoutMs ?? CONTRACT_DEFAULTS.runTimeoutMs

  describe(`worker-api-kit contract${baseUrl ? ` against ${baseUrl}` : ''}`, () => {
    if (baseUrl === undefined) {
      it.skip('needs CONTRACT_BASE_URL (or the baseUrl option)', () => undefined)
      return
    }
    let report: Report | undefined
    beforeAll(async () => {
      report = await runContract({
        ...options,
        baseUrl,
        headers: { ...(authorization ? { authorization } : {}), ...options.headers },
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
