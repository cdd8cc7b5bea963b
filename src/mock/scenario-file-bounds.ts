/** The largest scenario file the mock reads (1 MiB): every value in it is bounded by its schema too. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024
/** The largest HAR file: the scenario built from it is bounded as every scenario file is. */
export { MAX_HAR_FILE_BYTES } from '../common/har-file.js'

/**
 * The deepest a scenario (or an admin request's body) nests (a rule's `body` is any JSON); deeper,
 * it is refused before Zod reads it.
 */
export const MAX_SCENARIO_DEPTH = 64
