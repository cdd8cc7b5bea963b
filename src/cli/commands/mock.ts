import { resolve } from 'node:path'
import { baseUrlProblem } from '../../common/base-url-problem.js'
import { definedOnly } from '../../common/defined-only.js'
import { MAX_SEED } from '../../common/max-seed.js'
import { printable } from '../../common/printable.js'
import { contractCommand } from '../../mock/contract-command.js'
import { ScenarioError } from '../../mock/scenario-error.js'
import { isScenarioPath } from '../../mock/scenario-path.js'
import { DASHBOARD_PATH } from '../../server/dashboard/dashboard-path.js'
import { DEFAULT_SEED } from '../../server/defaults.js'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import type { Flags } from '../flag.js'
import { LISTEN_FLAGS } from '../listen-flags.js'
import { adminTokenOf, allowedHostsOf, corsOf, isLoopback } from '../mock-flags.js'
import { selfCommand } from '../self-command.js'

/** A scenario's own seed seeds its data and faults, never the ids printed below it. */
const scenarioSeedLines = (seed: number, scenarioSeed: number | undefined) =>
  scenarioSeed === undefined || scenarioSeed === seed
    ? []
    : [`  scenario seed    ${scenarioSeed} (its data and faults; the ids follow the seed above)`]

const FLAGS = {
  ...LISTEN_FLAGS,
  seed: {
    type: 'string',
    value: 'N',
    help: ['seed for ids, tokens and generated data (default {default})'],
    default: DEFAULT_SEED,
    integer: { min: 0, max: MAX_SEED },
  },
  // "default" is the catalog's own name for it (src/mock/scenario-catalog.ts), not a constant yet
  scenario: {
    type: 'string',
    value: 'NAME|FILE',
    help: [
      'start every session in this scenario (default "default"); shipped:',
      'default, empty, slow, flaky, rate-limited, cloud-provisioning, auth-required',
    ],
  },
  watch: { type: 'boolean', help: ['reload the --scenario FILE when it changes'] },
  auth: {
    type: 'boolean',
    help: [
      'require Authorization: Bearer <token> (the token names the user);',
      'the admin API then needs a bearer token too',
    ],
  },
  cors: {
    type: 'string',
    multiple: true,
    value: 'ORIGIN',
    help: [
      'pages allowed to call the mock (repeatable): an origin (API and admin',
      'API, with credentials), "*" (any page, API only), "loopback" (default:',
      'pages on localhost, 127.x or [::1]), or "off"',
    ],
  },
  'allowed-host': {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: [
      'a Host name to answer besides loopback names and IP addresses',
      '(repeatable; ".example.test" allows its subdomains; guards DNS rebinding)',
    ],
  },
  'admin-token': {
    type: 'string',
    value: 'T',
    help: [
      'the admin API (/__mock/*) requires this token; "env:VAR" reads it from',
      'the environment (out of the process list)',
    ],
  },
  passthrough: {
    type: 'string',
    value: 'URL',
    help: [
      "your app's real backend: a method and path the mock does not declare",
      'goes there (journalled, masked); without it such a request gets a 404',
    ],
  },
  quiet: { type: 'boolean', help: ['no request log'] },
} as const satisfies Flags

export const mock = defineCommand({
  synopsis: 'mock [options]',
  about: `Serves the three operations under /v1, /openapi.json, /docs and a dashboard at /__mock/,
with state kept in memory.`,
  column: 20,
  flags: FLAGS,
  async run(flags, io) {
    const { port, host } = flags
    const cors = corsOf(flags.cors)
    const allowedHosts = allowedHostsOf(flags['allowed-host'])
    const adminToken = adminTokenOf(flags['admin-token'], io.env)
    const scenarioFlag = flags.scenario
    const passthrough = flags.passthrough
    const passthroughProblem =
      passthrough === undefined ? undefined : baseUrlProblem(passthrough, '--passthrough')
    if (passthroughProblem !== undefined) throw new CliError(passthroughProblem, 'E_USAGE')
    const isScenarioFile = scenarioFlag !== undefined && isScenarioPath(scenarioFlag)
    if (flags.watch && !isScenarioFile) {
      throw new CliError(
        '[worker-api-kit] --watch needs --scenario FILE (a path to a .json scenario or a .har file).',
        'E_USAGE',
      )
    }

    const { startMockServer } = await import('../../mock/server.js')
    const { loadScenarioFile } = await import('../../mock/scenario-registry.js')
    // A file's ScenarioError reaches the boundary (runCli), which makes it a usage error.
    const scenarioFile =
      scenarioFlag !== undefined && isScenarioFile ? resolve(io.cwd, scenarioFlag) : undefined
    const scenario = scenarioFile !== undefined ? loadScenarioFile(scenarioFile) : scenarioFlag
    const server = await startMockServer({
      allowedHosts,
      auth: flags.auth,
      ...definedOnly({
        port,
        seed: flags.seed,
        host,
        cors,
        adminToken,
        log: flags.quiet ? undefined : io.out,
        scenario,
        passthrough,
      }),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof ScenarioError) throw error
      // Only an error of the socket is about listening; anything else is the mock's own.
      if (typeof error.code !== 'string' || typeof error.syscall !== 'string') {
        throw new CliError(
          `[worker-api-kit] cannot start the mock: ${printable(error.message ?? String(error))}`,
          'E_USAGE',
        )
      }
      const isPortProblem = error.code === 'EADDRINUSE' || error.code === 'EACCES'
      throw new CliError(
        `[worker-api-kit] cannot listen on ${host}:${port} (${error.code}); ${isPortProblem ? 'pick another --port (through npm: npm start -- --port N)' : 'check --host'}.`,
        'E_LISTEN',
      )
    })
    // Listen for a stop before announcing readiness: a caller that stops us right after the
    // banner must be heard (the bin: must reach this handler, not node's default one).
    const stopped = io.untilStopped()
    let watcher: { close(): void } | undefined
    let signal: string
    try {
      // Watch before announcing readiness, or an edit made right after the banner is lost.
      watcher =
        flags.watch && scenarioFile !== undefined
          ? (await import('../watch-scenario.js')).watchScenario(scenarioFile, server.app, io)
          : undefined
      const { orgId, llmProviderId } = server.app.ids
      // The contract line must work as printed: under auth, every request needs a bearer token.
      const isAuthRequired = flags.auth || server.app.scenario().auth
      if (!isLoopback(host)) {
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
          ...(passthrough === undefined
            ? []
            : [`  passthrough      ${passthrough} (every request the mock does not declare)`]),
          `  seed             ${server.app.seed}`,
          ...scenarioSeedLines(server.app.seed, server.app.scenario().seed),
          `  scenario         ${[`${server.app.scenario().name}${flags.auth ? ' (auth required)' : ''}`, server.app.scenario().description].filter(Boolean).join(': ')}${watcher ? ' (watched)' : ''}`,
          `  org id           ${orgId}`,
          `  llm provider id  ${llmProviderId}`,
          `  contract         ${contractCommand({ command: selfCommand(io.script, io.cwd), baseUrl: server.url, orgId, llmProviderId, isAuthRequired })}`,
          'Press Ctrl+C to stop.',
        ].join('\n'),
      )
      signal = await stopped
    } finally {
      // Whatever happened, the run ends with nothing left listening or watching.
      watcher?.close()
      await server.close()
    }
    io.out(`worker-api-kit mock stopped (${signal})`)
    return EXIT.ok
  },
})
