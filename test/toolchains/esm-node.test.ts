// An ES-module Node project with the packed kit: node:test runs useTestSession over msw/node and over
// HTTP, and an openapi-fetch client takes `session.fetch` as its fetch in-process, over msw/node
// and over HTTP (README#one-session-per-test-file). One scratch project for the file.
import { describe, expect, it } from 'vitest'
import { useScratchProject } from '../helpers/scratch-project.js'
import { spawnProcess } from '../helpers/spawn-cli.js'

const RUN_TIMEOUT_MS = 60_000

const project = useScratchProject('module', ['msw', 'openapi-fetch'])

/** Three tests in one node:test file: a worker made in the first is gone in the second. */
const sessionTests = (target: string) => `import assert from 'node:assert/strict'
import { after, before, beforeEach, it } from 'node:test'
import createClient from 'openapi-fetch'
import { setupServer } from 'msw/node'
import { createMockApp, startMockServer, useTestSession } from 'worker-api-kit'
import { createMswHandlers } from 'worker-api-kit/msw'

const target = ${JSON.stringify(target)}
const server = await startMockServer({ port: 0 })
after(() => server.close())
if (target === 'msw/node') {
  // msw/node answers every request to this origin in the process; others are an error.
  const msw = setupServer(...createMswHandlers({ baseUrl: 'https://api.example.com' }).handlers)
  msw.listen({ onUnhandledRequest: 'error' })
  after(() => msw.close())
}
const targets = {
  'in-process': createMockApp(),
  'msw/node': 'https://api.example.com',
  http: server.url,
}
const session = useTestSession(targets[target], { beforeEach })
const client = createClient({ baseUrl: 'https://api.example.com', fetch: session.fetch })

it('creates a worker through openapi-fetch with session.fetch', async () => {
  const { data, response } = await client.POST('/v1/workers', {
    body: { name: 'esm worker', destination: 'local' },
  })
  assert.equal(response.status, 201)
  assert.equal(data.worker.name, 'esm worker')
  const names = (await session.state()).workers.map(({ worker }) => worker.name)
  assert.ok(names.includes('esm worker'))
})

it('starts the next test from the scenario again', async () => {
  const names = (await session.state()).workers.map(({ worker }) => worker.name)
  assert.ok(!names.includes('esm worker'), 'the session was not reset: ' + names.join(', '))
})

it('answers a Request object given to session.fetch', async () => {
  const res = await session.fetch(new Request('https://api.example.com/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'request worker', destination: 'local' }),
  }))
  assert.equal(res.status, 201)
})
`

describe('the packed kit in an ES-module Node project', () => {
  it.each(['in-process', 'msw/node', 'http'])(
    'runs useTestSession under node:test with openapi-fetch given session.fetch, %s',
    async (target) => {
      const file = `session-${target.replace(/\W/g, '-')}.test.mjs`
      await project().write({ [file]: sessionTests(target) })
      const exit = await spawnProcess(process.execPath, ['--test', '--test-reporter=tap', file], {
        cwd: project().dir,
      }).exit(RUN_TIMEOUT_MS)
      expect(exit.stdout + exit.stderr).toMatch(/# pass 3\b/)
      expect(exit.code).toBe(0)
    },
    RUN_TIMEOUT_MS,
  )
})
