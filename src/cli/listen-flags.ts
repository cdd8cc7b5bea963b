import { DEFAULT_HOST, DEFAULT_PORT } from '../server/defaults.js'
import type { Flags } from './flag.js'

/** Where the mock and the proxy listen: the same two flags, the same defaults, for both. */
export const LISTEN_FLAGS = {
  port: {
    type: 'string',
    value: 'N',
    help: ['port to listen on, 0 for any free port (default {default})'],
    default: DEFAULT_PORT,
    integer: { min: 0, max: 65_535 },
  },
  host: {
    type: 'string',
    value: 'HOST',
    help: ['interface to listen on (default {default})'],
    default: DEFAULT_HOST,
  },
} as const satisfies Flags
