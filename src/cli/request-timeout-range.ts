import type { IntegerRange } from './flag.js'

/** Bounds of `--timeout` for every command that sends requests (contract, proxy): up to 10 min. */
export const REQUEST_TIMEOUT_RANGE: IntegerRange = { min: 1, max: 600_000 }
