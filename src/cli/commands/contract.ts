import { writeFile } from 'node:fs/promises'
import { MAX_SEED } from '../../common/max-seed.js'
import { redactText } from '../../common/redact.js'
import type { Command } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import { parseIntegerFlag } from '../parse-number.js'
import { readHeaders } from '../read-headers.js'
import { CliError, EXIT } from '../usage-error.js'

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean)

export const contract: Command = {
  name: 'contract',
  summary: 'Judge any deployment of the API against the contract',
  usage: `worker-api-kit contract --base-url URL [options]

Sends valid, invalid and boundary requests generated from the schemas and checks every answer
against the rules of the API. Exit 0: every check passed; 1: a check failed; 2: usage error or
target unreachable.

Options:
  --base-url URL          the deployment to judge (required), e.g. http://127.0.0.1:4010
  --org-id ID             an org_… id that exists on the target  } both needed for the LLM-provider
  --llm-provider-id ID    an lpr_… id of that org (it is MODIFIED) } checks; skipped without them
  -H, --header "N: v"     header sent with every request (repeatable); credentials are redacted
                          in every form in every output. "N: env:VAR" reads the value from the
                          environment variable VAR (keeps it out of the process list)
  --header-file FILE      more headers, one "Name: value" a line (# comments); -H wins on a clash
  --timeout MS            per request (default 10000)
  --run-timeout MS        the whole run, reports included (default 120000); the cases left at
                          the bound are skipped ("run timeout") and the reports still written
  --seed N                seed of the generated cases, 0 to ${MAX_SEED} (default: random, printed)
  --runs N                generated valid inputs per operation (default 5)
  --allow-cloud           also create cloud workers (they may provision real machines)
  --max-creates N         most workers the run may create (default 20)
  --only IDS              run only these check ids (comma-separated, * wildcard); each pattern
                          must match a check id, the checks left out are listed as skipped
  --skip IDS              leave these check ids out (each must match one; listed as skipped)
  --strict                also judge worker-api-kit's conventions (exact codes, problem+json, TypeIDs)
  --json FILE             write the full report as JSON  } checked writable before the first
  --junit FILE            write a JUnit XML report       } request
  --html FILE             write a self-contained HTML report (summary, coverage, failures); also
                          checked writable before the first request
  --min-coverage PCT      exit 1 when under PCT % (an integer 0-100) of the spec's rules are
                          exercised (the coverage table ends every run)
  --quiet                 no progress lines, only failures and the summary
  -h, --help              this help`,
  options: {
    'base-url': { type: 'string' },
    'org-id': { type: 'string' },
    'llm-provider-id': { type: 'string' },
    header: { type: 'string', short: 'H', multiple: true },
    'header-file': { type: 'string', multiple: true },
    timeout: { type: 'string' },
    'run-timeout': { type: 'string' },
    seed: { type: 'string' },
    runs: { type: 'string' },
    'allow-cloud': { type: 'boolean' },
    'max-creates': { type: 'string' },
    only: { type: 'string', multiple: true },
    skip: { type: 'string', multiple: true },
    strict: { type: 'boolean' },
    json: { type: 'string' },
    junit: { type: 'string' },
    html: { type: 'string' },
    'min-coverage': { type: 'string' },
    quiet: { type: 'boolean' },
  },
  async run(values, io) {
    const baseUrl = values['base-url']
    if (typeof baseUrl !== 'string' || baseUrl === '') {
      throw new CliError(
        '[worker-api-kit] --base-url is required, e.g. --base-url http://127.0.0.1:4010.',
        'E_USAGE',
      )
    }
    const { headers, secrets } = await readHeaders({
      header: listOfRaw(values['header']),
      headerFiles: listOfRaw(values['header-file']),
      env: process.env,
    })
    const orgId = typeof values['org-id'] === 'string' ? values['org-id'] : undefined
    const llmProviderId =
      typeof values['llm-provider-id'] === 'string' ? values['llm-provider-id'] : undefined
    const timeoutMs = parseIntegerFlag('timeout', values['timeout'], { min: 1, max: 600_000 })
    const runTimeoutMs = parseIntegerFlag('run-timeout', values['run-timeout'], {
      min: 1,
      max: 3_600_000,
    })
    const seed = parseIntegerFlag('seed', values['seed'], { min: 0, max: MAX_SEED })
    const runs = parseIntegerFlag('runs', values['runs'], { min: 1, max: 1000 })
    const maxCreates = parseIntegerFlag('max-creates', values['max-creates'], {
      min: 0,
      max: 10_000,
    })
    const minCoverage = parseIntegerFlag('min-coverage', values['min-coverage'], {
      min: 0,
      max: 100,
    })
    const quiet = values['quiet'] === true

    const { runContract } = await import('../../contract/runner.js')
    const { ContractError } = await import('../../contract/contract-error.js')
    const { formatReport, formatResultLine } = await import('../../contract/reporters/console.js')
    const { formatJson } = await import('../../contract/reporters/json.js')
    const { formatJunit } = await import('../../contract/reporters/junit.js')
    const { formatHtml } = await import('../../contract/reporters/html.js')
    const { meetsCoverage } = await import('../../contract/coverage.js')
    const { summarize } = await import('../../contract/report.js')
    const { validateOptions } = await import('../../contract/validate-options.js')
    const { selectChecks } = await import('../../contract/select-checks.js')
    const only = listOf(values['only'])
    const skip = listOf(values['skip'])
    const strict = values['strict'] === true

    // Every usage error before the banner and before the first request: one line, nothing sent.
    try {
      validateOptions({ baseUrl, headers, orgId, llmProviderId })
      selectChecks({ only, skip, strict })
    } catch (error) {
      if (error instanceof ContractError) throw new CliError(error.message, 'E_USAGE')
      throw error
    }
    await ensureWritable([
      { flag: '--json', path: values['json'] },
      { flag: '--junit', path: values['junit'] },
      { flag: '--html', path: values['html'] },
    ])

    io.out(
      `worker-api-kit contract → ${redactText(baseUrl)}${values['strict'] === true ? ' (strict)' : ''}`,
    )
    io.out(
      orgId && llmProviderId
        ? `  the llm-provider checks MODIFY provider ${llmProviderId} of ${orgId}`
        : '  no --org-id/--llm-provider-id: the llm-provider checks will be skipped',
    )
    io.out(
      `  creates at most ${maxCreates ?? 20} workers, ${values['allow-cloud'] === true ? 'local and cloud' : 'local only'}`,
    )
    try {
      const report = await runContract({
        baseUrl,
        headers,
        secrets,
        orgId,
        llmProviderId,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(runTimeoutMs === undefined ? {} : { runTimeoutMs }),
        ...(seed === undefined ? {} : { seed }),
        ...(runs === undefined ? {} : { runs }),
        ...(maxCreates === undefined ? {} : { maxCreates }),
        allowCloud: values['allow-cloud'] === true,
        only,
        skip,
        strict,
        ...(quiet
          ? {}
          : {
              onOperation: (operationId, cases) =>
                io.out(`… ${operationId}: sending ${cases} cases`),
              onResult: (result) => io.out(formatResultLine(result)),
            }),
      })
      const unwritten = [
        await writeReport('--json', values['json'], () => formatJson(report)),
        await writeReport('--junit', values['junit'], () => formatJunit(report)),
        await writeReport('--html', values['html'], () => formatHtml(report)),
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
    } catch (error) {
      if (error instanceof ContractError)
        throw new CliError(
          error.message,
          error.code === 'E_UNREACHABLE' ? 'E_UNREACHABLE' : 'E_USAGE',
        )
      throw error
    }
  },
}

/** Writes one report file; a message instead of a throw, so that the other reports are written. */
const writeReport = async (flag: string, file: unknown, format: () => string) => {
  if (typeof file !== 'string') return undefined
  try {
    await writeFile(file, format())
    return undefined
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unwritable'
    return `[worker-api-kit] ${flag} ${file}: cannot write it (${code}); pass a path in a writable directory.`
  }
}

/** Repeated raw values (not comma-split: a header value may hold commas). */
const listOfRaw = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String)
