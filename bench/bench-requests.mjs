// The three requests the benches send to a started mock, and the bodies it answers them with:
// what `npm run bench` and `npm run bench:profile` load the mock with, and what the baselines
// (bench/bare-hono.mjs, bench/floor-hono.mjs) answer, read from BARE_BODIES.
import { mkdirSync, writeFileSync } from 'node:fs'

export const BARE_BODIES = 'bench/results/bare-bodies.json'

/** The mock at `port`, whose start-up banner is `banner`: its requests, and the bodies written for the baselines. */
export const benchRequests = async (port, banner) => {
  const orgId = banner.match(/org id\s+(\S+)/)[1]
  const llmProviderId = banner.match(/llm provider id\s+(\S+)/)[1]
  const send = (path, body, method) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())
  const created = await send('/v1/workers', { name: 'bench worker', destination: 'local' }, 'POST')
  const requests = {
    createWorker: {
      method: 'POST',
      path: '/v1/workers',
      body: { name: 'bench worker', destination: 'local' },
    },
    updateWorker: {
      method: 'PATCH',
      path: `/v1/workers/${created.worker.id}`,
      body: { name: 'renamed by the bench' },
    },
    updateLlmProvider: {
      method: 'PATCH',
      path: `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`,
      body: { source: 'custom', providerId: 'acme', modelIds: ['acme-large'] },
    },
  }
  const bodies = { createWorker: created }
  for (const name of ['updateWorker', 'updateLlmProvider']) {
    const { path, body, method } = requests[name]
    bodies[name] = await send(path, body, method)
  }
  // Written for the baselines, which answer bodies of the same size; a fresh clone has no results yet.
  mkdirSync('bench/results', { recursive: true })
  writeFileSync(BARE_BODIES, JSON.stringify(bodies))
  return { orgId, llmProviderId, workerId: created.worker.id, requests }
}
