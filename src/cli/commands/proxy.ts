import { readFile } from 'node:fs/promises'
import { printable } from '../../common/printable.js'
import { DEFAULT_HOST, DEFAULT_PORT } from '../../mock/defaults.js'
import type { Command } from '../command.js'
import { ensureWritable } from '../ensure-writable.js'
import { adminTokenOf, allowedHostsOf, corsOf, isLoopback } from '../mock-flags.js'
import { parseIntegerFlag } from '../parse-number.js'
import { readHeaders } from '../read-headers.js'
import { selfCommand } from '../self-command.js'
import { CliError, EXIT } from '../usage-error.js'

const MAX_PORT = 65_535

/**
 * The recording `--record FILE` already holds, to go on from; undefined when there is no file. A
 * file that is not a scenario is someone's: refused, never overwritten.
 */
const earlierRecording = async (path: string) => {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return undefined
  }
  const { Scenario } = await import('../../mock/scenario.js')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const scenario = Scenario.safeParse(parsed)
  if (!scenario.success)
    throw new CliError(
      `[worker-api-kit] --record ${printable(path, 200)} exists and is not a scenario; the proxy would overwrite it: move it, or pick another path.`,
      'E_USAGE',
    )
  return parsed as import('../../mock/scenario.js').ScenarioInput
}

const listOfRaw = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String)

export const proxy: Command = {
  name: 'proxy',
  summary: 'Forward to a real deployment, judging every exchange against the contract',
  usage: `worker-api-kit proxy --target URL [options]

Forwards every request to the target and judges each exchange of the three operations with the
contract suite's own checks. Violations show in the log line, in GET /__mock/requests and in the
dashboard (/__mock/). Secrets are masked as in \`contract\`.

Options:
  --target URL        the deployment to forward to (required), e.g. https://staging.example.com
  --port N            port to listen on, 0 for any free port (default 4010)
  --host HOST         interface to listen on (default 127.0.0.1)
  --record FILE       keep FILE a scenario of what the target answered (organization, provider
                      without its key, workers): later, \`mock --scenario FILE\` serves it offline
  --fallback          when the target gives no answer, answer from the mock, seeded with what
                      was recorded so far (answers carry x-mock-fallback: true)
  -H, --header "N: v" header added to every forwarded request (repeatable), e.g. a staging
                      token; "N: env:VAR" reads the value from the environment. Masked everywhere
  --header-file FILE  more headers, one "Name: value" a line (# comments); -H wins on a clash
  --timeout MS        per forwarded request, answer included (default 30000); past it, a 504
  --strict            also judge our conventions (the contract's --strict checks)
  --cors ORIGIN       pages allowed to call the proxy (repeatable), as for \`mock\`
  --allowed-host NAME a Host name to answer besides loopback names (repeatable), as for \`mock\`
  --admin-token T     the admin API and dashboard data need this token ("env:VAR" reads it)
  --seed N            seed of the fallback mock (default 1)
  --quiet             no request log
  -h, --help          this help`,
  options: {
    target: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    record: { type: 'string' },
    fallback: { type: 'boolean' },
    header: { type: 'string', short: 'H', multiple: true },
    'header-file': { type: 'string', multiple: true },
    timeout: { type: 'string' },
    strict: { type: 'boolean' },
    cors: { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    'admin-token': { type: 'string' },
    seed: { type: 'string' },
    quiet: { type: 'boolean' },
  },
  async run(values, io) {
    const target = values['target']
    if (typeof target !== 'string' || target === '')
      throw new CliError(
        '[worker-api-kit] --target is required, e.g. --target https://staging.example.com.',
        'E_USAGE',
      )
    const { parseTarget } = await import('../../proxy/create-proxy-app.js')
    try {
      parseTarget(target)
    } catch (error) {
      throw new CliError(`[worker-api-kit] ${printable((error as Error).message)}.`, 'E_USAGE')
    }
    const port = parseIntegerFlag('port', values['port'], { min: 0, max: MAX_PORT })
    const timeoutMs = parseIntegerFlag('timeout', values['timeout'], { min: 1, max: 600_000 })
    const seed = parseIntegerFlag('seed', values['seed'], { min: 0, max: 2 ** 32 - 1 })
    const host = typeof values['host'] === 'string' ? values['host'] : undefined
    const record = typeof values['record'] === 'string' ? values['record'] : undefined
    await ensureWritable([{ flag: '--record', path: values['record'] }])
    const recorded = record === undefined ? undefined : await earlierRecording(record)
    const { headers, secrets } = await readHeaders({
      header: listOfRaw(values['header']),
      headerFiles: listOfRaw(values['header-file']),
      env: process.env,
    })
    const cors = corsOf(values['cors'])
    const allowedHosts = allowedHostsOf(values['allowed-host'])
    const adminToken = adminTokenOf(values['admin-token'])

    const { startProxyServer } = await import('../../proxy/server.js')
    const { createRecordFile } = await import('../../proxy/record-file.js')
    let recordFile: ReturnType<typeof createRecordFile> | undefined
    const server = await startProxyServer({
      target,
      headers,
      secrets,
      ...(port === undefined ? {} : { port }),
      ...(host === undefined ? {} : { host }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(seed === undefined ? {} : { seed }),
      ...(cors === undefined ? {} : { cors }),
      ...(allowedHosts.length === 0 ? {} : { allowedHosts }),
      ...(adminToken === undefined ? {} : { adminToken }),
      fallback: values['fallback'] === true,
      strict: values['strict'] === true,
      ...(values['quiet'] === true ? {} : { log: io.out }),
      ...(record === undefined ? {} : { recordFile: record }),
      ...(recorded === undefined ? {} : { recorded }),
      onRecorded: () => recordFile?.changed(),
    }).catch((error: NodeJS.ErrnoException) => {
      const code = typeof error.code === 'string' ? error.code : 'error'
      throw new CliError(
        `[worker-api-kit] cannot listen on ${host ?? DEFAULT_HOST}:${port ?? DEFAULT_PORT} (${printable(code)}); pick another --port or check --host.`,
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
    if (record !== undefined) {
      recordFile = createRecordFile(record, server.app.recording)
      recordFile.flush()
    }
    const stopped = new Promise<string>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    })
    if (!isLoopback(host ?? DEFAULT_HOST)) {
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
        `  checks           ${server.app.checkIds.length} of the contract's (${values['strict'] === true ? 'strict' : 'default'} profile)`,
        ...(record === undefined
          ? []
          : [
              `  recording        ${printable(record, 200)}${recorded === undefined ? '' : ` (goes on from its ${server.app.recording.workers()} worker(s))`} (then: ${selfCommand()} mock --scenario ${printable(record, 200)})`,
            ]),
        ...(values['fallback'] === true
          ? ['  fallback         the mock answers when the target gives no answer']
          : []),
        'Press Ctrl+C to stop.',
      ].join('\n'),
    )
    const signal = await stopped
    recordFile?.flush()
    await server.close()
    io.out(`worker-api-kit proxy stopped (${signal})`)
    return EXIT.ok
  },
}
