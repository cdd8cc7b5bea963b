/** How long a forwarded request may take, answer included, by default (`--timeout`); a module of its own so the CLI reads it without loading the proxy. */
export const DEFAULT_PROXY_TIMEOUT_MS = 30_000
