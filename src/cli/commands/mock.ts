import { MAX_SEED } from '../../common/max-seed.js'
import { printable } from '../../common/printable.js'
import { contractCommand } from '../../mock/contract-command.js'
import { DASHBOARD_PATH } from '../../mock/dashboard/dashboard-path.js'
import { DEFAULT_HOST, DEFAULT_PORT } from '../../mock/defaults.js'
import type { Command } from '../command.js'
import { adminTokenOf, allowedHostsOf, corsOf, isLoopback } from '../mock-flags.js'
import { parseIntegerFlag } from '../parse-number.js'
import { selfCommand } from '../self-command.js'
import { CliError, EXIT } from '../usage-error.js'

const MAX_PORT = 65_535

/** A scenario's own seed seeds its data and faults, never the ids printed below it. */
const scenarioSeedLines = (seed: number, scenarioSeed: number | undefined) =>
  scenarioSeed === undefined || scenarioSeed === seed
    ? []
    : [`  scenario seed    ${scenarioSeed} (its data and faults; the ids follow the seed above)`]

export const mock: Command = {
  name: 'mock',
  summary: 'Start the mock API server',
  usage: `worker-api-kit mock [options]

Serves the three operations under /v1, /openapi.json, /docs and a dashboard at /__mock/,
with state kept in memory.

Options:
  --port N            port to listen on, 0 for any free port (default 4010)
  --host HOST         interface to listen on (default 127.0.0.1)
  --seed N            seed for ids, tokens and generated data (default 1)
  --scenario NAME|FILE  start every session in this scenario (default "default"); shipped:
                      default, empty, slow, flaky, rate-limited, cloud-provisioning, auth-required
  --watch             reload the --scenario FILE when it changes
  --auth              require Authorization: Bearer <token> (the token names the user);
                      the admin API then needs a bearer token too
  --cors ORIGIN       pages allowed to call the mock (repeatable): an origin (API and admin
                      API, with credentials), "*" (any page, API only), "loopback" (default:
                      pages on localhost, 127.x or [::1]), or "off"
  --allowed-host NAME a Host name to answer besides loopback names and IP addresses
                      (repeatable; ".example.test" allows its subdomains; guards DNS rebinding)
  --admin-token T     the admin API (/__mock/*) requires this token; "env:VAR" reads it from
                      the environment (out of the process list)
  --quiet             no request log
  -h, --help          this help`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    seed: { type: 'string' },
    cors: { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    'admin-token': { type: 'string' },
    quiet: { type: 'boolean' },
    scenario: { type: 'string' },
    watch: { type: 'boolean' },
    auth: { type: 'boolean' },
  },
  async run(values, io) {
    const port = parseIntegerFlag('port', values['port'], { min: 0, max: MAX_PORT })
    const seed = parseIntegerFlag('seed', values['seed'], { min: 0, max: MAX_SEED })
    const host = typeof values['host'] === 'string' ? values['host'] : undefined
    const cors = corsOf(values['cors'])
    const allowedHosts = allowedHostsOf(values['allowed-host'])
    const adminToken = adminTokenOf(values['admin-token'])
    const quiet = values['quiet'] === true
    const scenarioFlag = typeof values['scenario'] === 'string' ? values['scenario'] : undefined
    const isScenarioFile =
      scenarioFlag !== undefined && (scenarioFlag.includes('/') || scenarioFlag.endsWith('.json'))
    if (values['watch'] === true && !isScenarioFile) {
      throw new CliError(
        '[worker-api-kit] --watch needs --scenario FILE (a path to a .json scenario).',
        'E_USAGE',
      )
    }

    const { startMockServer } = await import('../../mock/server.js')
    const { loadScenarioFile } = await import('../../mock/scenario-registry.js')
    const { ScenarioError } = await import('../../mock/scenario-error.js')
    let scenario: Awaited<ReturnType<typeof loadScenarioFile>> | string | undefined = scenarioFlag
    try {
      if (scenarioFlag !== undefined && isScenarioFile) scenario = loadScenarioFile(scenarioFlag)
    } catch (error) {
      if (error instanceof ScenarioError) throw new CliError(error.message, 'E_USAGE')
      throw error
    }
    const server = await startMockServer({
      ...(port === undefined ? {} : { port }),
      ...(seed === undefined ? {} : { seed }),
      ...(host === undefined ? {} : { host }),
      ...(cors === undefined ? {} : { cors }),
      ...(allowedHosts.length === 0 ? {} : { allowedHosts }),
      ...(adminToken === undefined ? {} : { adminToken }),
      ...(quiet ? {} : { log: io.out }),
      ...(scenario === undefined ? {} : { scenario }),
      ...(values['auth'] === true ? { auth: true } : {}),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof ScenarioError) throw new CliError(error.message, 'E_USAGE')
      // Only an error of the socket is about listening; anything else is the mock's own.
      if (typeof error.code !== 'string' || typeof error.syscall !== 'string') {
        throw new CliError(
          `[worker-api-kit] cannot start the mock: ${printable(error.message ?? String(error))}`,
          'E_USAGE',
        )
      }
      const isPortProblem = error.code === 'EADDRINUSE' || error.code === 'EACCES'
      throw new CliError(
        `[worker-api-kit] cannot listen on ${host ?? DEFAULT_HOST}:${port ?? DEFAULT_PORT} (${error.code}); ${isPortProblem ? 'pick another --port (through npm: npm start -- --port N)' : 'check --host'}.`,
        'E_LISTEN',
      )
    })
    // Listen for signals before announcing readiness: a caller that stops us right after the
    // banner must reach this handler, not node's default one.
    const stopped = new Promise<string>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    })
    // Watch before announcing readiness, or an edit made right after the banner is lost.
    const watcher =
      values['watch'] === true && scenarioFlag !== undefined
        ? (await import('../watch-scenario.js')).watchScenario(scenarioFlag, server.app, io)
        : undefined
    const { orgId, llmProviderId } = server.app.ids
    // The contract line must work as printed: under auth, every request needs a bearer token.
    const isAuthRequired = values['auth'] === true || server.app.scenario().auth
    if (!isLoopback(host ?? DEFAULT_HOST)) {
      io.err(
        `[worker-api-kit] warning: listening on ${host}, so the mock and its admin API are reachable from the network${adminToken === undefined ? '; pass --admin-token to protect the admin API' : ''}.`,
      )
    }
    io.out(
      [
        `worker-api-kit mock listening on ${server.url}`,
        `  docs             ${server.url}/docs`,
        `  openapi          ${server.url}/openapi.json`,
        `  dashboard        ${server.url}${DASHBOARD_PATH}`,
        `  seed             ${server.app.seed}`,
        ...scenarioSeedLines(server.app.seed, server.app.scenario().seed),
        `  scenario         ${[`${server.app.scenario().name}${values['auth'] === true ? ' (auth required)' : ''}`, server.app.scenario().description].filter(Boolean).join(': ')}${watcher ? ' (watched)' : ''}`,
        `  org id           ${orgId}`,
        `  llm provider id  ${llmProviderId}`,
        `  contract         ${contractCommand({ command: selfCommand(), baseUrl: server.url, orgId, llmProviderId, isAuthRequired })}`,
        'Press Ctrl+C to stop.',
      ].join('\n'),
    )
    const signal = await stopped
    watcher?.close()
    await server.close()
    io.out(`worker-api-kit mock stopped (${signal})`)
    return EXIT.ok
  },
}
