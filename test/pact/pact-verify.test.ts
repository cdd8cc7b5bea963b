// The Pact file a recording makes, checked by Pact's own verifier (@pact-foundation/pact, the
// broker users' tool): green against the mock and against a server that keeps the spec while
// answering differently where it is silent, red against broken servers. The provider states
// create what the interactions' ids name, and their ids reach the paths (provider-state injection).
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Verifier } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { pactFromHar } from '../../src/pact/index.js'
import { recordSession } from '../contract/replay-session.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import isMineAsString from '../servers/broken/is-mine-as-string.js'
import pollAfterMsFraction from '../servers/broken/poll-after-ms-fraction.js'
import renameNotApplied from '../servers/broken/rename-not-applied.js'
import otherProviderShape from '../servers/variants/other-llm-provider-shape.js'
import validation422 from '../servers/variants/validation-422-message.js'

process.env['PACT_DO_NOT_TRACK'] = 'true'

const { servers, dirs } = cleanUpAfterEach<TestServer>()

type Provider = Parameters<typeof startAppServer>[0] & {
  readonly ids: { readonly orgId: string; readonly llmProviderId: string }
}

const pactFile = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-pact-'))
  dirs.push(dir)
  const file = join(dir, 'app-worker-api.json')
  await writeFile(file, JSON.stringify(pactFromHar(await recordSession())))
  return file
}

/** Pact's verifier against a provider on a port; resolves with its output, rejects on a mismatch. */
const verify = async (provider: Provider) => {
  const server = await startAppServer(provider)
  servers.push(server)
  return new Verifier({
    providerBaseUrl: server.url,
    pactUrls: [await pactFile()],
    logLevel: 'error',
    stateHandlers: {
      'a worker exists': async () => {
        const res = await fetch(`${server.url}/v1/workers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'made by a provider state', destination: 'local' }),
        })
        const created: { worker: { id: string } } = await res.json()
        return { id: created.worker.id }
      },
      'an organization with an LLM provider': async () => ({ ...provider.ids }),
    },
  }).verifyProvider()
}

describe("the recording's Pact file, by Pact's verifier", () => {
  it('verifies against the mock', async () => {
    await expect(verify(createMockApp())).resolves.toBeDefined()
  })

  it.each([
    ['another llmProvider shape', otherProviderShape.app],
    ['422 problems of its own', validation422.app],
  ])('verifies against a server with %s, which the spec leaves open', async (_, app) => {
    await expect(verify(app)).resolves.toBeDefined()
  })

  it.each([
    ['isMine as a string', isMineAsString.app, /isMine/],
    ['a rename that keeps the old name', renameNotApplied.app, /name/],
    ['a pollAfterMs of 2000.5 (an integer, says the spec)', pollAfterMsFraction.app, /pollAfterMs/],
  ])('fails against a server that answers %s', async (_, app, mismatch) => {
    await expect(verify(app)).rejects.toThrow()
    await verify(app).catch((error: unknown) => expect(String(error)).toMatch(mismatch))
  })
})
