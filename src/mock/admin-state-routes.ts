import type { Hono } from 'hono'
import { ADMIN_PREFIX } from '../server/index.js'
import type { MockEnv } from './env.js'

const WORKERS = `${ADMIN_PREFIX}/state/workers`

/** The state edits (admin-state.ts), loaded on the first edit: a page's MSW start-up edits nothing. */
let edits: Promise<typeof import('./admin-state.js')> | undefined
const load = () => {
  edits ??= import('./admin-state.js')
  return edits
}

/**
 * The state edits of `/__mock/state`: add, patch and delete a session's workers, patch its LLM
 * provider (docs/admin-api.md#editing-state-and-rules).
 */
export const registerStateEditing = (app: Hono<MockEnv>) => {
  app.post(WORKERS, async (c) => (await load()).addWorker(c))
  app.patch(`${WORKERS}/:id`, async (c) => (await load()).patchWorker(c))
  app.delete(`${WORKERS}/:id`, async (c) => (await load()).deleteWorker(c))
  app.patch(`${ADMIN_PREFIX}/state/llm-provider`, async (c) => (await load()).patchLlmProvider(c))
}
