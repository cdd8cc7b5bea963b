import { resolve } from 'node:path'
import { definedOnly } from '../../common/defined-only.js'
import { MAX_SEED } from '../../common/max-seed.js'
import { printable } from '../../common/printable.js'
import { DEFAULT_PROXY_TIMEOUT_MS } from '../../proxy/defaults.js'
import { DEFAULT_SEED } from '../../server/defaults.js'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import type { Flags } from '../flag.js'
import { HEADER_FILE_FLAG } from '../header-file-flag.js'
import { LISTEN_FLAGS } from '../listen-flags.js'
import { adminTokenOf, allowedHostsOf, corsOf, isLoopback } from '../mock-flags.js'
import { readHeaders } from '../read-headers.js'
import { REQUEST_TIMEOUT_RANGE } from '../request-timeout-range.js'
import { selfCommand } from '../self-command.js'

/**
 * The recording `--record FILE` already holds, to go on from; undefined when there is no file. A
 * file that is not a recording of the proxy is someone's: refused, never overwritten.
 */
const earlierRecording = async (path: string, file: string) => {
  const { readEarlierRecording } = await import('../../proxy/earlier-recording.js')
  const earlier = readEarlierRecording(file)
  if (earlier.kind === 'not-ours')
    throw new CliError(
      `[worker-api-kit] --record ${printable(path, 200)} exists and ${printable(earlier.why, 200)}; the proxy writes only a new file or one it recorded: move it, or pick another path.`,
      'E_USAGE',
    )
  return earlier.kind === 'recording' ? earlier.scenario : undefined
}

const FLAGS = {
  target: {
    type: 'string',
    value: 'URL',
    help: ['the deployment to forward to (required), e.g. {example}'],
    required: true,
    example: 'https://staging.example.com',
  },
  ...LISTEN_FLAGS,
  record: {
    type: 'string',
    value: 'FILE',
    help: [
      'keep FILE a scenario of what the target answered (organization, provider',
      'without its key, workers): later, `mock --scenario FILE` serves it offline',
    ],
  },
  fallback: {
    type: 'boolean',
    help: [
      'when the target gives no answer, answer from the mock, seeded with what',
      'was recorded so far (answers carry x-mock-fallback: true)',
    ],
  },
  header: {
    type: 'string',
    short: 'H',
    multiple: true,
    value: '"N: v"',
    help: [
      'header added to every forwarded request (repeatable), e.g. a staging',
      'token; "N: Bearer env:VAR" reads VAR from the environment. Masked everywhere',
    ],
  },
  ...HEADER_FILE_FLAG,
  timeout: {
    type: 'string',
    value: 'MS',
    help: ['per forwarded request, answer included (default {default}); past it, a 504'],
    default: DEFAULT_PROXY_TIMEOUT_MS,
    integer: REQUEST_TIMEOUT_RANGE,
  },
  strict: {
    type: 'boolean',
    help: ["also judge our conventions (the contract's --strict checks)"],
  },
  cors: {
    type: 'string',
    multiple: true,
    value: 'ORIGIN',
    help: ['pages allowed to call the proxy (repeatable), as for `mock`'],
  },
  'allowed-host': {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: ['a Host name to answer besides loopback names (repeatable), as for `mock`'],
  },
  'admin-token': {
    type: 'string',
    value: 'T',
    help: ['the admin API and dashboard data need this token ("env:VAR" reads it)'],
  },
  seed: {
    type: 'string',
    value: 'N',
    help: ['seed of the fallback mock (default {default})'],
    default: DEFAULT_SEED,
    integer: { min: 0, max: MAX_SEED },
  },
  quiet: { type: 'boolean', help: ['no request log'] },
} as const satisfies Flags

export const proxy = defineCommand({
  synopsis: 'proxy --target URL [options]',
  about: `Forwards every request to the target and judges each exchange of the three operations with the
contract suite's own checks. Violations show in the log line, in GET /__mock/requests and in the
dashboard (/__mock/). Secrets are masked as in \`contract\`.`,
  column: 20,
  flags: FLAGS,
  async run(flags, io) {
    const { target, port, host, record } = flags
    await ensureWritable([{ flag: '--record', path: record }], io.cwd)
    const recordPath = record === undefined ? undefined : resolve(io.cwd, record)
    const recorded =
      record === undefined || recordPath === undefined
        ? undefined
        : await earlierRecording(record, recordPath)
    const { headers, secrets } = await readHeaders({
      header: flags.header,
      headerFiles: flags['header-file'],
      env: io.env,
      cwd: io.cwd,
    })
    const cors = corsOf(flags.cors)
    const { checkProxyOptions } = await import('../../proxy/create-proxy-app.js')
    try {
      checkProxyOptions({ target, headers, ...definedOnly({ cors }) })
    } catch (error) {
      // checkProxyOptions's only expected failure: options it cannot serve safely, one line each
      if (!(error instanceof TypeError)) throw error
      throw new CliError(printable(error.message), 'E_USAGE')
    }
    const allowedHosts = allowedHostsOf(flags['allowed-host'])
    const adminToken = adminTokenOf(flags['admin-token'], io.env)

    const { startProxyServer } = await import('../../proxy/server.js')
    const { createRecordFile } = await import('../../proxy/record-file.js')
    let recordFile: ReturnType<typeof createRecordFile> | undefined
    const server = await startProxyServer({
      target,
      headers,
      secrets,
      allowedHosts,
      fallback: flags.fallback,
      strict: flags.strict,
      ...definedOnly({
        port,
        host,
        timeoutMs: flags.timeout,
        seed: flags.seed,
        cors,
        adminToken,
        log: flags.quiet ? undefined : io.out,
        recordFile: record,
        recorded,
      }),
      onRecorded: () => recordFile?.changed(),
      recordingError: () => recordFile?.error(),
    }).catch((error: NodeJS.ErrnoException) => {
      const code = typeof error.code === 'string' ? error.code : 'error'
      throw new CliError(
        `[worker-api-kit] cannot listen on ${host}:${port} (${printable(code)}); pick another --port or check --host.`,
        'E_LISTEN',
      )
    })
    // A proxy pointed at itself (`--target http://127.0.0.1:4010` on the default port) would
    // forward every request back to itself: refused before the first one.
    const targetUrl = new URL(target)
    const targetPort = Number(targetUrl.port || (targetUrl.protocol === 'https:' ? 443 : 80))
    if (isLoopback(targetUrl.hostname.replace(/^\[|\]$/g, '')) && targetPort === server.port) {
      await server.close()
      throw new CliError(
        `[worker-api-kit] --target ${printable(target, 200)} is this proxy itself (port ${server.port}); point it at the deployment, and give the proxy another --port.`,
        'E_USAGE',
      )
    }
    const stopped = io.untilStopped()
    let signal: string
    try {
      if (recordPath !== undefined) {
        recordFile = createRecordFile(recordPath, server.app.recording, io.err)
        recordFile.flush()
      }
      if (!isLoopback(host)) {
        io.err(
          `[worker-api-kit] warning: listening on ${host}, so the proxy, its journal and the target behind it are reachable from the network${adminToken === undefined ? '; pass --admin-token to protect the admin API' : ''}.`,
        )
      }
      io.out(
        [
          `worker-api-kit proxy listening on ${server.url}`,
          `  target           ${server.app.target}`,
          `  dashboard        ${server.url}/__mock/`,
          `  journal          ${server.url}/__mock/requests`,
          `  checks           ${server.app.checkIds.length} of the contract's (${flags.strict ? 'strict' : 'default'} profile)`,
          ...(record === undefined
            ? []
            : [
                `  recording        ${printable(record, 200)}${recorded === undefined ? '' : ` (goes on from its ${server.app.recording.workers()} worker(s))`} (then: ${selfCommand(io.script, io.cwd)} mock --scenario ${printable(record, 200)})`,
              ]),
          ...(flags.fallback
            ? ['  fallback         the mock answers when the target gives no answer']
            : []),
          'Press Ctrl+C to stop.',
        ].join('\n'),
      )
      signal = await stopped
    } finally {
      // Whatever happened, the run ends with nothing left listening, and the recording written
      // once the last exchange is in (no debounce timer left behind).
      await server.close()
      recordFile?.flush()
    }
    io.out(`worker-api-kit proxy stopped (${signal})`)
    return EXIT.ok
  },
})
