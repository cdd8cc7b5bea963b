import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { definedOnly } from '../../common/defined-only.js'
import { MAX_SEED } from '../../common/max-seed.js'
import { CONTRACT_DEFAULTS } from '../../contract/defaults.js'
import { RATE_RANGE, rateOf } from '../../contract/pacer.js'
import type { RunPlan } from '../../contract/runner.js'
import { redactText } from '../../secrets/index.js'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import type { Flags } from '../flag.js'
import { HEADER_FILE_FLAG } from '../header-file-flag.js'
import { readHeaders } from '../read-headers.js'
import { REQUEST_TIMEOUT_RANGE } from '../request-timeout-range.js'

const listOf = (values: readonly string[]): string[] =>
  values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)

const FLAGS = {
  'base-url': {
    type: 'string',
    value: 'URL',
    help: ['the deployment to judge (required), e.g. {example}'],
    required: true,
    example: 'http://127.0.0.1:4010',
  },
  'org-id': {
    type: 'string',
    value: 'ID',
    help: ['an org_… id that exists on the target  } both needed for the LLM-provider'],
  },
  'llm-provider-id': {
    type: 'string',
    value: 'ID',
    help: ['an lpr_… id of that org (it is MODIFIED) } checks; skipped without them'],
  },
  header: {
    type: 'string',
    short: 'H',
    multiple: true,
    value: '"N: v"',
    help: [
      'header sent with every request (repeatable); credentials are redacted',
      'in every form in every output. "N: env:VAR" or "N: Bearer env:VAR" reads',
      'the environment variable VAR (keeps it out of the process list)',
    ],
  },
  ...HEADER_FILE_FLAG,
  timeout: {
    type: 'string',
    value: 'MS',
    help: ['per request (default {default})'],
    default: CONTRACT_DEFAULTS.timeoutMs,
    integer: REQUEST_TIMEOUT_RANGE,
  },
  'run-timeout': {
    type: 'string',
    value: 'MS',
    help: [
      'the whole run, reports included (default {default}); the cases left at',
      'the bound are skipped ("run timeout") and the reports still written',
    ],
    default: CONTRACT_DEFAULTS.runTimeoutMs,
    integer: { min: 1, max: 3_600_000 },
  },
  seed: {
    type: 'string',
    value: 'N',
    help: [`seed of the generated cases, 0 to ${MAX_SEED} (default: random, printed)`],
    integer: { min: 0, max: MAX_SEED },
  },
  runs: {
    type: 'string',
    value: 'N',
    help: ['generated valid inputs per operation (default {default})'],
    default: CONTRACT_DEFAULTS.runs,
    integer: { min: 1, max: 1000 },
  },
  rate: {
    type: 'string',
    value: 'N/s',
    help: [
      'send at most N requests a second (retries included; 0.02 to 1000, e.g.',
      '5/s), for a target that rate-limits; the banner says how long the run',
      'takes, and without --run-timeout its bound grows to fit (at most 1 h)',
    ],
  },
  'allow-cloud': {
    type: 'boolean',
    help: ['also create cloud workers (they may provision real machines)'],
  },
  'max-creates': {
    type: 'string',
    value: 'N',
    help: ['most workers the run may create (default {default})'],
    default: CONTRACT_DEFAULTS.maxCreates,
    integer: { min: 0, max: 10_000 },
  },
  only: {
    type: 'string',
    multiple: true,
    value: 'IDS',
    help: [
      'run only these check ids (comma-separated, * wildcard); each pattern',
      'must match a check id, the checks left out are listed as skipped',
    ],
  },
  skip: {
    type: 'string',
    multiple: true,
    value: 'IDS',
    help: ['leave these check ids out (each must match one; listed as skipped)'],
  },
  strict: {
    type: 'boolean',
    help: ["also judge worker-api-kit's conventions (exact codes, problem+json, TypeIDs)"],
  },
  json: {
    type: 'string',
    value: 'FILE',
    help: ['write the full report as JSON  } checked writable before the first'],
  },
  junit: { type: 'string', value: 'FILE', help: ['write a JUnit XML report       } request'] },
  html: {
    type: 'string',
    value: 'FILE',
    help: [
      'write a self-contained HTML report (summary, coverage, failures); also',
      'checked writable before the first request',
    ],
  },
  'min-coverage': {
    type: 'string',
    value: 'PCT',
    help: [
      "exit 1 when under PCT % (an integer 0-100) of the spec's rules are",
      'exercised (the coverage table ends every run)',
    ],
    integer: { min: 0, max: 100 },
  },
  quiet: { type: 'boolean', help: ['no progress lines, only failures and the summary'] },
} as const satisfies Flags

export const contract = defineCommand({
  synopsis: 'contract --base-url URL [options]',
  about: `Sends valid, invalid and boundary requests generated from the schemas and checks every answer
against the rules of the API. Exit 0: every check passed; 1: a check failed; 2: usage error or
target unreachable.`,
  column: 24,
  flags: FLAGS,
  async run(flags, io) {
    const baseUrl = flags['base-url']
    const { headers, secrets } = await readHeaders({
      header: flags.header,
      headerFiles: flags['header-file'],
      env: io.env,
      cwd: io.cwd,
    })
    const orgId = flags['org-id']
    const llmProviderId = flags['llm-provider-id']
    const maxCreates = flags['max-creates']
    const minCoverage = flags['min-coverage']
    const ratePerSecond = flags.rate === undefined ? undefined : rateOf(flags.rate)
    if (flags.rate !== undefined && ratePerSecond === undefined)
      throw new CliError(
        `[worker-api-kit] --rate takes requests a second, from ${RATE_RANGE.min} to ${RATE_RANGE.max} (e.g. --rate 5/s); got ${JSON.stringify(flags.rate)}.`,
        'E_USAGE',
      )

    const { runContract } = await import('../../contract/runner.js')
    const { formatReport, formatResultLine } = await import('../../contract/reporters/console.js')
    const { formatJson } = await import('../../contract/reporters/json.js')
    const { formatJunit } = await import('../../contract/reporters/junit.js')
    const { formatHtml } = await import('../../contract/reporters/html.js')
    const { meetsCoverage } = await import('../../contract/coverage.js')
    const { summarize } = await import('../../contract/report.js')
    const { validateOptions } = await import('../../contract/validate-options.js')
    const { selectChecks } = await import('../../contract/select-checks.js')
    const only = listOf(flags.only)
    const skip = listOf(flags.skip)
    const strict = flags.strict

    // Every usage error before the banner and before the first request: one line, nothing sent.
    // A ContractError reaches the boundary (runCli), which makes it the CLI's error of its kind.
    validateOptions({ baseUrl, headers, orgId, llmProviderId })
    selectChecks({ only, skip, strict })
    await ensureWritable(
      [
        { flag: '--json', path: flags.json },
        { flag: '--junit', path: flags.junit },
        { flag: '--html', path: flags.html },
      ],
      io.cwd,
    )

    io.out(`worker-api-kit contract → ${redactText(baseUrl)}${strict ? ' (strict)' : ''}`)
    io.out(
      orgId && llmProviderId
        ? `  the llm-provider checks MODIFY provider ${llmProviderId} of ${orgId}`
        : '  no --org-id/--llm-provider-id: the llm-provider checks will be skipped',
    )
    io.out(
      `  creates at most ${maxCreates ?? FLAGS['max-creates'].default} workers, ${flags['allow-cloud'] ? 'local and cloud' : 'local only'}`,
    )
    const report = await runContract({
      baseUrl,
      headers,
      secrets,
      orgId,
      llmProviderId,
      allowCloud: flags['allow-cloud'],
      only,
      skip,
      strict,
      ...definedOnly({
        timeoutMs: flags.timeout,
        runTimeoutMs: flags['run-timeout'],
        seed: flags.seed,
        runs: flags.runs,
        maxCreates,
        ratePerSecond,
      }),
      onPlan: (plan) => io.out(planLine(plan)),
      ...(flags.quiet
        ? {}
        : {
            onOperation: (operationId, cases) => io.out(`… ${operationId}: sending ${cases} cases`),
            onResult: (result) => io.out(formatResultLine(result)),
          }),
    })
    const unwritten = [
      await writeReport(io.cwd, '--json', flags.json, () => formatJson(report)),
      await writeReport(io.cwd, '--junit', flags.junit, () => formatJunit(report)),
      await writeReport(io.cwd, '--html', flags.html, () => formatHtml(report)),
    ].filter((message) => message !== undefined)
    io.out(formatReport(report))
    if (unwritten.length > 0) throw new CliError(unwritten.join(' '), 'E_USAGE')
    const isCoverageShort =
      minCoverage !== undefined && !meetsCoverage(report.coverage, minCoverage)
    if (isCoverageShort)
      io.err(
        `[worker-api-kit] coverage ${report.coverage.percent} % is under --min-coverage ${minCoverage} %; the rules not exercised are listed above.`,
      )
    return summarize(report).failed > 0 || isCoverageShort ? EXIT.failed : EXIT.ok
  },
})

/** `4 min 55 s`, `12 s`, `1 h 0 min`: a duration as the banner says it. */
const spoken = (ms: number) => {
  const seconds = Math.ceil(ms / 1_000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60
    ? `${minutes} min ${seconds % 60} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** The banner's line on what the run sends, at what pace, and when it stops at the latest. */
const planLine = ({ requests, ratePerSecond, pacedMs, runTimeoutMs }: RunPlan) =>
  ratePerSecond === undefined
    ? `  sends about ${requests} requests; stops at ${spoken(runTimeoutMs)} at the latest (--run-timeout)`
    : `  sends about ${requests} requests at most ${ratePerSecond} a second: at least ${spoken(pacedMs)}, more when the target asks to wait (Retry-After); stops at ${spoken(runTimeoutMs)} at the latest`

/** Writes one report file; a message instead of a throw, so that the other reports are written. */
const writeReport = async (
  cwd: string,
  flag: string,
  file: string | undefined,
  format: () => string,
) => {
  if (file === undefined) return undefined
  try {
    await writeFile(resolve(cwd, file), format())
    return undefined
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unwritable'
    return `[worker-api-kit] ${flag} ${file}: cannot write it (${code}); pass a path in a writable directory.`
  }
}
