import { definedOnly } from '../../common/defined-only.js'
import { RATE_RANGE, rateOf } from '../../contract/pacer.js'
import type { RunPlan } from '../../contract/runner.js'
import { redactText } from '../../secrets/index.js'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import { readHeaders } from '../read-headers.js'
import { writeReport } from '../write-report.js'
import { CONTRACT_FLAGS, listOf } from './contract-flags.js'

export const contract = defineCommand({
  synopsis: 'contract --base-url URL [--replay FILE.har] [options]',
  about: `Sends valid, invalid and boundary requests generated from the schemas and checks every answer
against the rules of the API; with --replay, sends the app's recorded requests instead and also
holds each answer to what the app saw. Exit 0: every check passed; 1: a check failed; 2: usage
error or target unreachable.`,
  column: 24,
  flags: CONTRACT_FLAGS,
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

    if (flags.replay !== undefined) {
      const { runReplay } = await import('./contract-replay.js')
      return runReplay(flags, io, { headers, secrets, ratePerSecond })
    }
    for (const flag of ['id-map', 'masked-value'] as const)
      if (flags[flag].length > 0)
        throw new CliError(`[worker-api-kit] --${flag} is for --replay FILE only.`, 'E_USAGE')

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
      `  creates at most ${maxCreates} workers, ${flags['allow-cloud'] ? 'local and cloud' : 'local only'}`,
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
