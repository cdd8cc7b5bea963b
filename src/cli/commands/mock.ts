import { DEFAULT_HOST, DEFAULT_PORT } from '../../mock/defaults.js'
import type { Command } from '../command.js'
import { parseIntegerFlag } from '../parse-number.js'
import { CliError, EXIT } from '../usage-error.js'

const MAX_PORT = 65_535

export const mock: Command = {
  name: 'mock',
  summary: 'Start the mock API server',
  usage: `worker-api-kit mock [options]

Serves the three operations under /v1, /openapi.json and /docs, with state kept in memory.

Options:
  --port N        port to listen on, 0 for any free port (default 4010)
  --host HOST     interface to listen on (default 127.0.0.1)
  --seed N        seed for ids, tokens and generated data (default 1)
  --cors ORIGIN   allowed CORS origin, or "off" (default *)
  --quiet         no request log
  -h, --help      this help`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    seed: { type: 'string' },
    cors: { type: 'string' },
    quiet: { type: 'boolean' },
  },
  async run(values, io) {
    const port = parseIntegerFlag('port', values['port'], { min: 0, max: MAX_PORT })
    const seed = parseIntegerFlag('seed', values['seed'], { min: 0, max: 2 ** 32 - 1 })
    const host = typeof values['host'] === 'string' ? values['host'] : undefined
    const corsFlag = typeof values['cors'] === 'string' ? values['cors'] : undefined
    if (corsFlag === '')
      throw new CliError('[worker-api-kit] --cors needs an origin, "*" or "off".', 'E_USAGE')
    const quiet = values['quiet'] === true

    const { startMockServer } = await import('../../mock/server.js')
    const server = await startMockServer({
      ...(port === undefined ? {} : { port }),
      ...(seed === undefined ? {} : { seed }),
      ...(host === undefined ? {} : { host }),
      ...(corsFlag === undefined ? {} : { cors: corsFlag === 'off' ? false : corsFlag }),
      ...(quiet ? {} : { log: io.out }),
    }).catch((error: NodeJS.ErrnoException) => {
      const isPortProblem = error.code === 'EADDRINUSE' || error.code === 'EACCES'
      throw new CliError(
        `[worker-api-kit] cannot listen on ${host ?? DEFAULT_HOST}:${port ?? DEFAULT_PORT} (${error.code ?? error.message}); ${isPortProblem ? 'pick another --port' : 'check --host'}.`,
        'E_LISTEN',
      )
    })
    // Listen for signals before announcing readiness: a caller that stops us right after the
    // banner must reach this handler, not node's default one.
    const stopped = new Promise<string>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    })
    const { orgId, llmProviderId } = server.app.ids
    io.out(
      [
        `worker-api-kit mock listening on ${server.url}`,
        `  docs             ${server.url}/docs`,
        `  openapi          ${server.url}/openapi.json`,
        `  seed             ${server.app.seed}`,
        `  org id           ${orgId}`,
        `  llm provider id  ${llmProviderId}`,
        `  contract         npx worker-api-kit contract --base-url ${server.url} --org-id ${orgId} --llm-provider-id ${llmProviderId}`,
        'Press Ctrl+C to stop.',
      ].join('\n'),
    )
    const signal = await stopped
    await server.close()
    io.out(`worker-api-kit mock stopped (${signal})`)
    return EXIT.ok
  },
}
