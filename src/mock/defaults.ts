/** Where the mock listens by default; a module of its own so the CLI reads it without loading the mock. */
export const DEFAULT_PORT = 4010
export const DEFAULT_HOST = '127.0.0.1'
