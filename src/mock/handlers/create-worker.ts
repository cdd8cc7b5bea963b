import type { RouteHandler } from '@hono/zod-openapi'
import type { createWorker as route } from '../../api/operations.js'
import type { MockEnv } from '../env.js'
import { buildTokens, buildWorkerRecord } from '../factories.js'
import { toWorker } from './to-worker.js'

/** spec §4.2: store a new worker and answer with it, its tokens, instance and launch. */
export const createWorker: RouteHandler<typeof route, MockEnv> = (c) => {
  const { session, now, userId } = c.var
  const record = buildWorkerRecord(
    { faker: session.faker, random: session.random, now },
    c.req.valid('json'),
    { orgId: session.orgId, userId },
  )
  session.store.putWorker(record)
  return c.json(
    {
      worker: toWorker(record, userId),
      tokens: buildTokens(session.random),
      instance: record.instance,
      launch: record.launch,
    },
    201,
  )
}
