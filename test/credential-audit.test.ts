// Credential audit of the contract CLI: plants each form a credential can be given in (-H with a
// Bearer token, a bare key, Basic, *-Key headers, `env:VAR`, --header-file) against a server that
// sends every one back in every form, then greps the console, the JSON and the JUnit report for
// each planted value and its encodings. Spawns the built bin: `npm test` builds first; alone, run
// `npm run build` before vitest.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEach } from './helpers/clean-up.js'
import {
  type EchoServer,
  echoesNeeded,
  htmlReferences,
  startEchoServer,
} from './helpers/echo-server.js'
import { runCli } from './helpers/spawn-cli.js'

const BEARER = 'PLANTED-bearer-tok/7f3e+9a1c='
const API_KEY = 'PLANTED-x-api-key-2b4d6f'
const AUTH_KEY = 'PLANTED-x-auth-key-8c0e2a'
const BASIC_USER = 'PLANTED-ci-user'
const BASIC_PASS = 'PLANTED-pa:ss-w0rd'
const BASIC = Buffer.from(`${BASIC_USER}:${BASIC_PASS}`).toString('base64')
const ENV_TOKEN = 'PLANTED-env-token-41d5c7'
const FILE_KEY = 'PLANTED-file-client-key-93ab'
const FILE_COOKIE = 'PLANTED-file-session-66e1'

/** Each way of giving credentials, the values it plants, and the headers the server must get. */
const FORMS = [
  {
    name: '-H with a Bearer token, a bare X-Api-Key, X-Auth-Key and Basic',
    args: [
      '-H',
      `Authorization: Bearer ${BEARER}`,
      '-H',
      `X-Api-Key: ${API_KEY}`,
      '-H',
      `X-Auth-Key: ${AUTH_KEY}`,
      '-H',
      `Proxy-Authorization: Basic ${BASIC}`,
    ],
    env: {},
    file: undefined,
    planted: [BEARER, API_KEY, AUTH_KEY, BASIC, BASIC_USER, BASIC_PASS],
    sent: {
      authorization: `Bearer ${BEARER}`,
      'x-api-key': API_KEY,
      'proxy-authorization': `Basic ${BASIC}`,
    },
  },
  {
    name: '-H "Authorization: env:VAR" and --header-file',
    args: ['-H', 'Authorization: env:WAK_AUDIT_TOKEN'],
    env: { WAK_AUDIT_TOKEN: `Bearer ${ENV_TOKEN}` },
    file: `# staging credentials\nX-Client-Key: ${FILE_KEY}\n\nCookie: session=${FILE_COOKIE}\n`,
    planted: [ENV_TOKEN, FILE_KEY, FILE_COOKIE],
    sent: {
      authorization: `Bearer ${ENV_TOKEN}`,
      'x-client-key': FILE_KEY,
      cookie: `session=${FILE_COOKIE}`,
    },
  },
] as const

/** A planted value and the encodings a server may send it back in. */
const formsOf = (value: string) => [
  value,
  encodeURIComponent(value),
  Buffer.from(value).toString('base64'),
  JSON.stringify(value).slice(1, -1),
  Buffer.from(value).toString('hex'),
  Buffer.from(value).toString('hex').toUpperCase(),
  htmlReferences(value, 10),
  htmlReferences(value, 16),
]

const { servers, dirs } = cleanUpAfterEach<EchoServer>()

describe('credential audit', () => {
  it.each(FORMS)(
    'keeps credentials given as $name out of the console, JSON and JUnit reports',
    async ({ args, env, file, planted, sent }) => {
      const server = await startEchoServer()
      servers.push(server)
      const dir = await mkdtemp(join(tmpdir(), 'wak-credentials-'))
      dirs.push(dir)
      const files = {
        json: join(dir, 'r.json'),
        junit: join(dir, 'r.xml'),
        headers: join(dir, 'h'),
      }
      if (file !== undefined) await writeFile(files.headers, file)

      const exit = await runCli(
        [
          'contract',
          '--base-url',
          server.url,
          ...args,
          ...(file === undefined ? [] : ['--header-file', files.headers]),
          '--seed',
          '5',
          '--runs',
          '4',
          '--json',
          files.json,
          '--junit',
          files.junit,
        ],
        { env: { ...process.env, ...env }, timeoutMs: 30_000 },
      )
      const channels = {
        stdout: exit.stdout,
        stderr: exit.stderr,
        json: await readFile(files.json, 'utf8'),
        junit: await readFile(files.junit, 'utf8'),
      }

      // The server got every credential and answered with all of them: they had a way out.
      expect(exit.code, exit.stdout + exit.stderr).toBe(1)
      expect.soft(server.received()[0]).toMatchObject(sent)
      expect.soft(channels.stdout).toContain('reproduce: curl')
      expect.soft(server.received().length).toBeGreaterThan(echoesNeeded(Object.keys(sent).length))
      expect.soft(channels.json).toContain('"responseExcerpt": "{\\"worker\\":')
      expect.soft(channels.json).toContain('[REDACTED]')
      for (const [channel, text] of Object.entries(channels)) {
        for (const value of planted) {
          for (const form of formsOf(value)) {
            expect.soft(text.includes(form), `${channel} has ${form}`).toBe(false)
          }
        }
      }
    },
  )
})
