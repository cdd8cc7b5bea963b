import { randomBytes, randomInt } from 'node:crypto'
import { type OperationId, operations } from '../api/operations.js'
import {
  createRedactor,
  isSecretHeader,
  type Redactor,
  redactJson,
  secretsIn,
} from '../common/redact.js'
import { LlmProviderId, OrgId } from '../schemas/ids.js'
import { buildCases, type Case } from './cases.js'
import type { Check, CheckInput, Verdict } from './check.js'
import { checks as ALL_CHECKS } from './checks/index.js'
import { createClient, type Fetch } from './client.js'
import { ContractError } from './contract-error.js'
import { curlFor, redactBody } from './curl.js'
import type { CheckResult, Exchange, ExchangeSummary, Finding, Report } from './report.js'

export type ContractOptions = {
  /** The deployment to judge, e.g. `https://staging.example.com` (no trailing `/v1`). */
  readonly baseUrl: string
  /** Sent with every request, e.g. `{ authorization: 'Bearer …' }`. Redacted in every output. */
  readonly headers?: Readonly<Record<string, string>>
  /** An organization and LLM provider that exist on the target; without both, those checks are skipped. */
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  /** Per request, in ms. Default 10 000. */
  readonly timeoutMs?: number
  /** The whole run, in ms; past it, the cases left are not sent. Default 120 000. */
  readonly runTimeoutMs?: number
  /** Seed of the generated cases; printed in the report. Default: random. */
  readonly seed?: number
  /** Generated valid inputs per operation. Default 5. */
  readonly runs?: number
  /** Also create cloud workers (they may provision real machines). Default false. */
  readonly allowCloud?: boolean
  /** Most workers a run may create. Default 20. */
  readonly maxCreates?: number
  /** Check ids to run / to leave out; `*` matches anything. */
  readonly only?: readonly string[]
  readonly skip?: readonly string[]
  /** Also judge our conventions (exact codes, problem+json, full TypeIDs, echoed secrets fail). */
  readonly strict?: boolean
  /** Transport; pass a Hono app's `request` to judge it in-process. Default `fetch`. */
  readonly fetch?: Fetch
  /** Live progress: each check's result as soon as it is known. */
  readonly onResult?: (result: CheckResult) => void
  /** Live progress: an operation's cases are about to be sent. */
  readonly onOperation?: (operationId: OperationId, cases: number) => void
}

export const CONTRACT_DEFAULTS = {
  timeoutMs: 10_000,
  runTimeoutMs: 120_000,
  runs: 5,
  maxCreates: 20,
} as const

/** After this many transport failures in a row, the target is taken to have stopped answering. */
const MAX_CONSECUTIVE_TRANSPORT_ERRORS = 3
const EXCERPT_CHARS = 400

type Ran = CheckInput
type NotRun = { readonly case: Case; readonly reason: string }

const globToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  )

/** The checks a run with these options judges (profile, --only, --skip). */
export const selectChecks = (
  options: Pick<ContractOptions, 'only' | 'skip' | 'strict'>,
): readonly Check[] => {
  const only = (options.only ?? []).map(globToRegExp)
  const skip = (options.skip ?? []).map(globToRegExp)
  return ALL_CHECKS.filter(
    (check) =>
      (check.profile === 'default' || options.strict === true) &&
      (only.length === 0 || only.some((re) => re.test(check.id))) &&
      !skip.some((re) => re.test(check.id)),
  )
}

const pathOf = (template: string, params: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))

const excerpt = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text.length > EXCERPT_CHARS
      ? `${text.slice(0, EXCERPT_CHARS)}…(${text.length} chars)`
      : text

const validateOptions = (options: ContractOptions) => {
  let url: URL
  try {
    url = new URL(options.baseUrl)
  } catch {
    throw new ContractError(
      `[worker-api-kit] --base-url ${JSON.stringify(options.baseUrl)} is not a URL; pass e.g. http://127.0.0.1:4010.`,
      'E_USAGE',
    )
  }
  if (url.username || url.password) {
    throw new ContractError(
      '[worker-api-kit] put credentials in a header (-H "Authorization: …"), not in --base-url.',
      'E_USAGE',
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ContractError(
      `[worker-api-kit] --base-url must be http or https; got ${url.protocol}`,
      'E_USAGE',
    )
  }
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

/**
 * Runs the contract suite against `baseUrl` and returns the report. Never prints, never exits.
 * Throws a `ContractError` only when it cannot run at all (bad options, unreachable target).
 */
export const runContract = async (options: ContractOptions): Promise<Report> => {
  validateOptions(options)
  const startedAt = new Date()
  const started = performance.now()
  const seed = options.seed ?? randomInt(2 ** 31)
  const runId = randomBytes(4).toString('hex')
  const timeoutMs = options.timeoutMs ?? CONTRACT_DEFAULTS.timeoutMs
  const deadline = started + (options.runTimeoutMs ?? CONTRACT_DEFAULTS.runTimeoutMs)
  const maxCreates = options.maxCreates ?? CONTRACT_DEFAULTS.maxCreates
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  )
  const redactor = createRedactor(
    Object.entries(headers)
      .filter(([name]) => isSecretHeader(name))
      .map(([, v]) => v),
  )
  const client = createClient({
    baseUrl: options.baseUrl,
    headers,
    timeoutMs,
    deadline,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })

  const preflight = await client.send({ method: 'GET', path: '/' })
  // Reachable means an HTTP answer began; a body that then fails is for the checks to judge.
  if (preflight.error?.stage === 'connect') {
    throw new ContractError(
      `[worker-api-kit] cannot reach ${options.baseUrl}: ${preflight.error.message}. Is the server running?`,
      'E_UNREACHABLE',
    )
  }

  const cases = buildCases({
    seed,
    runs: options.runs ?? CONTRACT_DEFAULTS.runs,
    allowCloud: options.allowCloud === true,
    namePrefix: `wak-contract-${runId}`,
  })
  const ran: Ran[] = []
  const notRun: NotRun[] = []
  const skippedOperations = new Map<OperationId, string>()
  let workersCreated = 0
  let consecutiveTransportErrors = 0
  let abortedBecause: string | undefined

  const skipCase = (c: Case, reason: string) => {
    notRun.push({ case: c, reason })
    return undefined
  }
  const execute = async (
    c: Case,
    params: Record<string, string>,
  ): Promise<Exchange | undefined> => {
    if (abortedBecause) return skipCase(c, abortedBecause)
    if (performance.now() > deadline) {
      abortedBecause = `the run bound of ${options.runTimeoutMs ?? CONTRACT_DEFAULTS.runTimeoutMs} ms was reached`
      return skipCase(c, abortedBecause)
    }
    if (c.operationId === 'createWorker' && workersCreated >= maxCreates) {
      return skipCase(c, `--max-creates ${maxCreates} reached`)
    }
    const allParams = { ...params, ...c.params }
    const route = operations.find((o) => o.operationId === c.operationId)
    if (!route) return skipCase(c, `no route for ${c.operationId}`)
    const sentBody = 'json' in c.body ? JSON.stringify(c.body.json) : c.body.raw
    for (const secret of secretsIn('json' in c.body ? c.body.json : undefined)) redactor.add(secret)
    const exchange = await client.send({
      method: route.method.toUpperCase(),
      path: pathOf(route.path, allParams),
      headers: { 'content-type': 'application/json' },
      body: sentBody,
    })
    if (exchange.response)
      for (const token of secretsIn(exchange.response.json)) redactor.add(token)
    consecutiveTransportErrors = exchange.error ? consecutiveTransportErrors + 1 : 0
    if (consecutiveTransportErrors >= MAX_CONSECUTIVE_TRANSPORT_ERRORS) {
      abortedBecause = `the target gave no usable answer ${MAX_CONSECUTIVE_TRANSPORT_ERRORS} times in a row (${exchange.error?.kind})`
    }
    const status = exchange.response?.status ?? 0
    if (c.operationId === 'createWorker' && status >= 200 && status < 300) workersCreated++
    ran.push({ case: c, exchange, sentBody, params: allParams })
    return exchange
  }

  /** Sends an operation's cases in order; resolves to the id of the first worker a case created. */
  const runOperation = async (
    operationId: OperationId,
    ordered: readonly Case[],
    params: Record<string, string>,
  ) => {
    options.onOperation?.(operationId, ordered.length)
    let createdId: string | undefined
    for (const c of ordered) {
      const exchange = await execute(c, params) // never inside `??=`: it would stop being sent
      createdId ??= workerIdOf(exchange)
    }
    return createdId
  }
  const casesOf = (operationId: OperationId) => cases.filter((c) => c.operationId === operationId)

  // Create: one valid worker first (the rename cases need it), then what should create nothing,
  // then the other valid inputs while the create budget lasts.
  const createCases = casesOf('createWorker')
  const [first, ...restValid] = createCases.filter((c) => c.expect === 'accept')
  const workerId = await runOperation(
    'createWorker',
    [...(first ? [first] : []), ...createCases.filter((c) => c.expect === 'reject'), ...restValid],
    {},
  )

  // Update worker: every case renames the worker created above.
  if (workerId === undefined)
    skippedOperations.set('updateWorker', 'no worker could be created to rename')
  else await runOperation('updateWorker', casesOf('updateWorker'), { id: workerId })

  // Update LLM provider: only on the provider the user named (it is modified).
  if (options.orgId === undefined || options.llmProviderId === undefined) {
    skippedOperations.set(
      'updateLlmProvider',
      'needs --org-id and --llm-provider-id of a provider that exists on the target',
    )
  } else {
    await runOperation('updateLlmProvider', casesOf('updateLlmProvider'), {
      orgId: options.orgId,
      llmProviderId: options.llmProviderId,
    })
  }

  const results: CheckResult[] = []
  for (const check of selectChecks(options)) {
    for (const operationId of check.operations) {
      const result = judge(
        check,
        operationId,
        ran,
        notRun,
        skippedOperations.get(operationId),
        redactor,
        options.strict === true,
      )
      results.push(result)
      options.onResult?.(result)
    }
  }

  return {
    tool: 'worker-api-kit contract',
    baseUrl: options.baseUrl,
    runId,
    seed,
    profile: options.strict === true ? 'strict' : 'default',
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    requestCount: client.requestCount(),
    workersCreated,
    results,
    abortedBecause,
  }
}

/** The id of the worker a create answered with, if it answered with one. */
const workerIdOf = (exchange: Exchange | undefined): string | undefined => {
  if (!exchange?.response) return undefined
  const { status, json } = exchange.response
  if (status < 200 || status >= 300 || typeof json !== 'object' || json === null) return undefined
  const worker = Reflect.get(json, 'worker')
  const id = typeof worker === 'object' && worker !== null ? Reflect.get(worker, 'id') : undefined
  return typeof id === 'string' ? id : undefined
}

const summarizeExchange = (input: Ran, redactor: Redactor): ExchangeSummary => ({
  caseTitle: input.case.title,
  method: input.exchange.request.method,
  url: redactor.text(input.exchange.request.url),
  requestExcerpt: excerpt(redactBody(input.exchange.request.body, redactor)),
  status: input.exchange.response?.status,
  error: input.exchange.error
    ? `${input.exchange.error.kind}: ${input.exchange.error.message}`
    : undefined,
  responseExcerpt: excerpt(responseText(input.exchange, redactor)),
  durationMs: Math.round(input.exchange.durationMs),
})

const responseText = (exchange: Exchange, redactor: Redactor) => {
  const response = exchange.response
  if (!response) return undefined
  return redactor.text(response.isJson ? JSON.stringify(redactJson(response.json)) : response.text)
}

const findingOf = (
  input: Ran,
  verdict: Verdict & { kind: 'fail' },
  redactor: Redactor,
): Finding => ({
  caseTitle: input.case.title,
  message: verdict.message,
  pointer: verdict.pointer,
  request: {
    method: input.exchange.request.method,
    url: redactor.text(input.exchange.request.url),
    headers: Object.fromEntries(
      Object.entries(input.exchange.request.headers).map(([k, v]) => [
        k,
        isSecretHeader(k) ? '[REDACTED]' : redactor.text(v),
      ]),
    ),
    body: excerpt(redactBody(input.exchange.request.body, redactor)),
  },
  status: input.exchange.response?.status,
  responseExcerpt: excerpt(responseText(input.exchange, redactor) ?? input.exchange.error?.message),
  curl: curlFor(input.exchange.request, redactor),
})

const judge = (
  check: Check,
  operationId: OperationId,
  ran: readonly Ran[],
  notRun: readonly NotRun[],
  operationSkipped: string | undefined,
  redactor: Redactor,
  strict: boolean,
): CheckResult => {
  const base = {
    checkId: check.id,
    title: check.title,
    spec: check.spec,
    severity: check.severity,
    operationId,
  }
  if (operationSkipped)
    return {
      ...base,
      outcome: 'skipped',
      reason: operationSkipped,
      judged: 0,
      findings: [],
      exchanges: [],
    }
  const findings: Finding[] = []
  const judgedExchanges: ExchangeSummary[] = []
  for (const input of ran.filter((r) => r.case.operationId === operationId)) {
    const verdict = check.run(input)
    if (verdict.kind === 'n/a') continue
    judgedExchanges.push(summarizeExchange(input, redactor))
    if (verdict.kind === 'fail') findings.push(findingOf(input, verdict, redactor))
  }
  if (judgedExchanges.length === 0) {
    const pending = notRun.find((n) => n.case.operationId === operationId)
    return {
      ...base,
      outcome: 'skipped',
      reason: pending?.reason ?? 'no exchange to judge',
      judged: 0,
      findings,
      exchanges: [],
    }
  }
  const isWarning = check.severity === 'warning' && !strict
  const outcome = findings.length === 0 ? 'passed' : isWarning ? 'warned' : 'failed'
  return { ...base, outcome, judged: judgedExchanges.length, findings, exchanges: judgedExchanges }
}
