import { z } from '@hono/zod-openapi'
import type { MockApp } from '../../src/mock/app.js'
import { MockLlmProvider } from '../../src/schemas/llm-provider.js'
import { MockInstance, MockLaunch, MockWorker } from '../../src/schemas/worker.js'
import { send } from './send.js'

/** What `GET /__mock/state` answers. */
export const State = z.object({
  session: z.string(),
  scenario: z.string(),
  seed: z.int(),
  orgId: z.string(),
  llmProviderId: z.string(),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
  llmProviders: z.array(MockLlmProvider.strict()),
  workers: z.array(z.object({ worker: MockWorker, instance: MockInstance, launch: MockLaunch })),
})

/** The scenarios shipped in scenarios/*.json, by name. */
export const SHIPPED_SCENARIOS = [
  'auth-required',
  'cloud-provisioning',
  'default',
  'empty',
  'flaky',
  'rate-limited',
  'slow',
]

/** The headers that put a request in `session` (none: the default session), under `scenario`. */
export const inSession = (session?: string, scenario?: string): Record<string, string> => ({
  ...(session === undefined ? {} : { 'x-mock-session': session }),
  ...(scenario === undefined ? {} : { 'x-mock-scenario': scenario }),
})

/** The state of the session the headers name, parsed. */
export const stateIn = async (app: MockApp, headers: Record<string, string> = {}) =>
  State.parse((await send(app, 'GET', '/__mock/state', undefined, headers)).body)
