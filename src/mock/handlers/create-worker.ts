import { buildTokens, buildWorkerRecord, DEFAULT_LAUNCH } from '../factories.js'
import { stepAt } from '../lifecycle.js'
import { toWorkerView } from '../worker-view.js'
import type { OperationHandler } from './operation-handler.js'

/** spec §4.2: store a new worker and answer with it, its tokens, instance and launch. */
export const createWorker: OperationHandler<'createWorker'> = ({ body, session, now, userId }) => {
  const launch = DEFAULT_LAUNCH[body.destination]
  const pollAfterMs = session.scenario.pollAfterMs?.[body.destination] ?? launch.pollAfterMs
  const record = buildWorkerRecord(
    { faker: session.faker, random: session.random, now, mask: session.secrets.mask },
    body,
    { orgId: session.orgId, userId },
    stepAt(session.lifecycle, body.destination, 0),
    { ...launch, pollAfterMs },
  )
  session.store.putWorker(record)
  const view = toWorkerView(record, { userId, now, lifecycle: session.lifecycle })
  return {
    status: 201,
    body: {
      worker: view.worker,
      tokens: buildTokens(session.random),
      instance: view.instance,
      launch: record.launch,
    },
  }
}
