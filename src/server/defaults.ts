/** Where the mock listens by default; a module of its own so the CLI reads it without loading the mock. */
export const DEFAULT_PORT = 4010
export const DEFAULT_HOST = '127.0.0.1'

/** The seed of ids, tokens and generated data when none is given. */
export const DEFAULT_SEED = 1

/** Largest request body the mock reads. assumption: see docs/limits.md#assumptions */
export const MAX_BODY_BYTES = 1024 * 1024
