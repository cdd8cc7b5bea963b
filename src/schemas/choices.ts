// The closed lists a few schemas are built from, as plain constants: the dashboard's forms offer
// the same choices without bundling zod (assets/dashboard imports this file alone).

/** spec §4.2: the two destinations a worker can have. */
export const DESTINATIONS = ['local', 'cloud'] as const

/** spec §4.1: where an LLM provider's definition comes from. */
export const LLM_PROVIDER_SOURCES = ['models_dev', 'custom'] as const

/** Worker statuses the mock uses (spec §2.2: allowed values not shown). */
export const MOCK_WORKER_STATUSES = [
  'pending',
  'provisioning',
  'starting',
  'running',
  'stopped',
  'failed',
] as const
