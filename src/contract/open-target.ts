import { type Client, createClient, type Fetch } from './client.js'
import { probeTarget } from './probe-target.js'

/** Where a run sends its requests: the target, and how (`--rate`, an in-process transport). */
export type Target = {
  readonly baseUrl: string
  readonly fetch?: Fetch | undefined
  readonly ratePerSecond?: number | undefined
}

/** The run's side of every request: its headers, per-request timeout, bound and masker. */
export type RunTransport = {
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
  readonly deadline: number
  /** Masks the run's credentials in the error that says the target cannot be reached. */
  readonly redact: (text: string) => string
}

/**
 * The client a run (the contract's cases, a replay) sends with, once the target was found to
 * answer at all: a ContractError (`E_UNREACHABLE`) before the first request otherwise.
 */
export const openTarget = async (target: Target, run: RunTransport): Promise<Client> => {
  const client = createClient({
    baseUrl: target.baseUrl,
    headers: run.headers,
    timeoutMs: run.timeoutMs,
    deadline: run.deadline,
    ...(target.fetch ? { fetch: target.fetch } : {}),
    ...(target.ratePerSecond === undefined ? {} : { ratePerSecond: target.ratePerSecond }),
  })
  await probeTarget(client, {
    baseUrl: target.baseUrl,
    timeoutMs: run.timeoutMs,
    isInProcess: target.fetch !== undefined,
    redact: run.redact,
  })
  return client
}
