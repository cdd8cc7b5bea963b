import * as fs from 'node:fs'
import { resolve } from 'node:path'
import { definedOnly } from '../../common/defined-only.js'
import { readHarFile } from '../../common/har-file.js'
import { redactText } from '../../secrets/index.js'
import { CliError, EXIT } from '../cli-error.js'
import type { ProcessIo } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import { fromEnv } from '../from-env.js'
import { writeReport } from '../write-report.js'
import type { ContractFlags } from './contract-flags.js'

const usage = (message: string) => new CliError(`[worker-api-kit] ${message}`, 'E_USAGE')

/** `--id-map OLD=NEW`, each side one id (no space, no `=`). */
const idMapOf = (values: readonly string[]): Record<string, string> => {
  const map: Record<string, string> = {}
  for (const value of values) {
    const match = /^([^\s=]+)=([^\s=]+)$/.exec(value)
    if (!match?.[1] || !match[2])
      throw usage(
        `--id-map ${JSON.stringify(value)}: expected OLD=NEW, two ids (e.g. wrk_…=wrk_…).`,
      )
    map[match[1]] = match[2]
  }
  return map
}

/** `--masked-value /pointer=VALUE` (or `=env:VAR`): the value is a secret, masked in every output. */
const maskedValuesOf = (
  values: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { values: Record<string, string>; secrets: string[] } => {
  const found: Record<string, string> = {}
  const secrets: string[] = []
  for (const value of values) {
    const at = value.indexOf('=')
    const pointer = at < 0 ? '' : value.slice(0, at)
    if (!pointer.startsWith('/'))
      throw usage(
        '--masked-value takes a JSON pointer into the body, =, and a value (e.g. /apiKey=env:LLM_API_KEY).',
      )
    const read = fromEnv(value.slice(at + 1), `--masked-value ${pointer}`, env)
    found[pointer] = read.value
    secrets.push(read.value)
  }
  return { values: found, secrets }
}

/** Flags of a generated run that a replay has no use for: a usage error, not a silent no-op. */
const refuseGeneratedRunFlags = (flags: ContractFlags) => {
  const given = [
    flags.seed === undefined ? undefined : '--seed',
    flags.only.length > 0 ? '--only' : undefined,
    flags.skip.length > 0 ? '--skip' : undefined,
    flags['min-coverage'] === undefined ? undefined : '--min-coverage',
  ].filter((flag) => flag !== undefined)
  if (given.length > 0)
    throw usage(
      `${given.join(', ')}: for generated cases only; --replay sends the recording's requests.`,
    )
}

/** `contract --replay FILE`: the recording's requests against the target, judged twice. */
export const runReplay = async (
  flags: ContractFlags,
  io: ProcessIo,
  read: {
    readonly headers: Record<string, string>
    readonly secrets: readonly string[]
    readonly ratePerSecond: number | undefined
  },
): Promise<number> => {
  const file = flags.replay ?? ''
  refuseGeneratedRunFlags(flags)
  const idMap = idMapOf(flags['id-map'])
  const masked = maskedValuesOf(flags['masked-value'], io.env)
  const har = readHarFile(fs, resolve(io.cwd, file))
  if ('problem' in har) throw usage(`--replay ${file}: ${har.problem}; pass a HAR 1.2 file.`)
  const replay = await import('../../contract/replay/index.js')
  const { validateOptions } = await import('../../contract/validate-options.js')
  validateOptions({
    baseUrl: flags['base-url'],
    headers: read.headers,
    orgId: flags['org-id'],
    llmProviderId: flags['llm-provider-id'],
  })
  await ensureWritable(
    [
      { flag: '--json', path: flags.json },
      { flag: '--junit', path: flags.junit },
      { flag: '--html', path: flags.html },
    ],
    io.cwd,
  )
  io.out(
    `worker-api-kit contract --replay ${file} → ${redactText(flags['base-url'])}${flags.strict ? ' (strict)' : ''}`,
  )
  io.out(
    flags['org-id'] && flags['llm-provider-id']
      ? `  the recording's llm-provider updates MODIFY provider ${flags['llm-provider-id']} of ${flags['org-id']}`
      : "  no --org-id/--llm-provider-id: the recording's llm-provider updates will be skipped",
  )
  io.out(
    `  creates at most ${flags['max-creates']} workers, ${flags['allow-cloud'] ? 'local and cloud' : 'local only'}`,
  )
  const report = await replay.replayRecording({
    baseUrl: flags['base-url'],
    har: har.raw,
    recording: file,
    headers: read.headers,
    secrets: [...read.secrets, ...masked.secrets],
    orgId: flags['org-id'],
    llmProviderId: flags['llm-provider-id'],
    idMap,
    maskedValues: masked.values,
    allowCloud: flags['allow-cloud'],
    strict: flags.strict,
    ...definedOnly({
      timeoutMs: flags.timeout,
      runTimeoutMs: flags['run-timeout'],
      maxCreates: flags['max-creates'],
      ratePerSecond: read.ratePerSecond,
    }),
    ...(flags.quiet ? {} : { onExchange: (e) => io.out(replay.formatExchangeLine(e)) }),
  })
  const unwritten = [
    await writeReport(io.cwd, '--json', flags.json, () => replay.formatReplayJson(report)),
    await writeReport(io.cwd, '--junit', flags.junit, () => replay.formatReplayJunit(report)),
    await writeReport(io.cwd, '--html', flags.html, () => replay.formatReplayHtml(report)),
  ].filter((message) => message !== undefined)
  io.out(replay.formatReplayReport(report))
  if (unwritten.length > 0) throw new CliError(unwritten.join(' '), 'E_USAGE')
  return replay.summarizeReplay(report).failed > 0 ? EXIT.failed : EXIT.ok
}
