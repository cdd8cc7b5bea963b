/** The largest scenario file the mock reads (1 MiB): every value in it is bounded by its schema too. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024
/**
 * The largest HAR file `mock --scenario FILE.har` reads. A browser's HAR holds every page, script
 * and image the page loaded beside the API's exchanges: it is read whole, so it gets more room than
 * a scenario; the scenario built from it is bounded as every scenario file is.
 * assumption: see docs/limits.md#limits
 */
export const MAX_HAR_FILE_BYTES = 32 * 1024 * 1024

/**
 * The deepest a scenario (or an admin request's body) nests (a rule's `body` is any JSON); deeper,
 * it is refused before Zod reads it.
 */
export const MAX_SCENARIO_DEPTH = 64
