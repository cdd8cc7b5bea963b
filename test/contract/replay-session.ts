// A session of an app against the mock, recorded: what `contract --replay` tests replay. A builder
// only, no assertions: the mock in-process, driven as a frontend drives it, then its HAR.
import { createMockApp } from '../../src/mock/app.js'

/** A provider key the app sent: the recording masks it; a replay must never send the mask. */
export const APP_API_KEY = 'sk-app-key-recorded-1111'
/** The app's session token: sent with every call, masked in the recording. */
export const APP_TOKEN = 'app-session-token-7c1f3a9e'

/**
 * The HAR of one session: two workers created, the first renamed, the provider's key set, a
 * rename of a worker that is not there (404, which the app handles), a create the mock refuses
 * (an empty name, which the app shows as a form error), the second worker renamed.
 */
export const recordSession = async (): Promise<unknown> => {
  const app = createMockApp()
  const call = async (method: string, path: string, body: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${APP_TOKEN}` },
      body: JSON.stringify(body),
    })
    return res.json() as Promise<{ worker?: { id: string } }>
  }
  const first = await call('POST', '/v1/workers', { name: 'build agent', destination: 'local' })
  const second = await call('POST', '/v1/workers', { name: 'docs agent', destination: 'local' })
  await call('PATCH', `/v1/workers/${first.worker?.id}`, { name: 'build agent (main)' })
  await call('PATCH', `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`, {
    source: 'custom',
    apiKey: APP_API_KEY,
  })
  await call('PATCH', '/v1/workers/wrk_01h455vb4pex5vsknk084sn02q', { name: 'gone' })
  await call('POST', '/v1/workers', { name: '', destination: 'local' })
  await call('PATCH', `/v1/workers/${second.worker?.id}`, { name: 'docs agent (v2)' })
  return (await app.request('/__mock/requests.har')).json()
}
