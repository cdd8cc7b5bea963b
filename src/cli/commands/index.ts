import type { Command } from '../command.js'
import type { CommandName } from '../command-names.js'

/** A command as the top-level help lists it; its declaration is loaded only when it runs. */
export type CommandEntry = {
  readonly name: CommandName
  readonly summary: string
  readonly load: () => Promise<Command>
}

/**
 * The commands, in the order of the help. Each is loaded on demand because its defaults are the
 * library's own constants: loading `contract` loads the contract suite, which `mock` never needs.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'mock',
    summary: 'Start the mock API server',
    load: async () => (await import('./mock.js')).mock,
  },
  {
    name: 'contract',
    summary: 'Judge any deployment of the API against the contract',
    load: async () => (await import('./contract.js')).contract,
  },
  {
    name: 'proxy',
    summary: 'Forward to a real deployment, judging every exchange against the contract',
    load: async () => (await import('./proxy.js')).proxy,
  },
  {
    name: 'pact',
    summary: 'Write a recording (a HAR) as a Pact v4 file for a Pact broker',
    load: async () => (await import('./pact.js')).pact,
  },
  {
    name: 'openapi',
    summary: 'Write the OpenAPI 3.1 document, or check that it is up to date',
    load: async () => (await import('./openapi.js')).openapi,
  },
  {
    name: 'fixtures',
    summary: 'Write the deterministic JSON fixtures, or check that they are up to date',
    load: async () => (await import('./fixtures.js')).fixtures,
  },
]
