// The proxy's flags say what they do: a --target with credentials or a query is refused as
// contract's --base-url is; `Scheme env:VAR` reads the variable for proxy and contract alike (or
// is refused naming it), never sent as written; --cors '*' never pairs with -H. Run in-process
// (src/cli/run-cli.ts, as the bin runs it).
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startCli } from '../helpers/cli-in-process.js'
import { type EchoServer, startEchoServer } from '../helpers/echo-server.js'

const { servers, dirs } = cleanUpAfterEach<EchoServer>()

const TOKEN = 'PLANTED-scheme-env-token-5e4d3c'

const echo = async () => {
  const server = await startEchoServer()
  servers.push(server)
  return server
}

/** `proxy --port 0 ...args` with `env` added, resolved once its banner is printed, with its URL. */
const startProxy = async (args: readonly string[], env: Record<string, string> = {}) => {
  const cli = startCli(['proxy', '--host', '127.0.0.1', '--port', '0', '--quiet', ...args], {
    env: { ...process.env, ...env },
  })
  await cli.waitForStdout(/^Press Ctrl\+C to stop\.$/m)
  const url = cli.stdout().match(/^worker-api-kit proxy listening on (http:\/\/\S+)$/m)?.[1]
  if (!url) throw new Error(`no URL in the banner:\n${cli.stdout()}`)
  return { cli, url }
}

/** A run that must stop at once with a usage error: exit 2, one line on stderr. */
const refused = async (args: readonly string[], env: Record<string, string | undefined> = {}) => {
  const exit = await runCli(args, { env: { ...process.env, ...env } })
  expect(exit.code, exit.stdout + exit.stderr).toBe(2)
  expect(exit.stderr.trimEnd().split('\n')).toHaveLength(1)
  expect(exit.stderr).toMatch(/^\[worker-api-kit\] /)
  return exit.stderr
}

describe('proxy --target', () => {
  it.each([
    ['user and password', 'http://user:s3cret-pass@127.0.0.1:1', /put credentials in a header/],
    ['a query', 'http://127.0.0.1:1/?api_key=s3cret-pass', /query or a fragment/],
    ['a fragment', 'http://127.0.0.1:1/#s3cret-pass', /query or a fragment/],
  ])('is refused with %s (exit 2), as contract --base-url is', async (_, target, message) => {
    const [proxy, contract] = [
      await refused(['proxy', '--target', target]),
      await refused(['contract', '--base-url', target]),
    ]
    expect(proxy).toMatch(message)
    expect(proxy.replaceAll('--target', '--base-url')).toBe(contract)
    expect(proxy).not.toContain('s3cret-pass')
  })
})

describe("-H 'Authorization: Bearer env:VAR'", () => {
  it('sends the variable after its scheme, through the proxy', async () => {
    const upstream = await echo()
    const { url } = await startProxy(
      ['--target', upstream.url, '-H', 'Authorization: Bearer env:WAK_STAGING_TOKEN'],
      { WAK_STAGING_TOKEN: TOKEN },
    )
    await (await fetch(`${url}/v1/workers`)).arrayBuffer()
    expect(upstream.received()[0]?.['authorization']).toBe(`Bearer ${TOKEN}`)
  })

  it('sends the variable after its scheme, from contract and from a --header-file line', async () => {
    const upstream = await echo()
    const dir = await mkdtemp(join(tmpdir(), 'wak-scheme-env-'))
    dirs.push(dir)
    const file = join(dir, 'headers')
    await writeFile(file, 'X-Api-Key: Token env:WAK_FILE_TOKEN\n')
    const cli = startCli(
      [
        'contract',
        '--runs',
        '1',
        '--quiet',
        '--base-url',
        upstream.url,
        '-H',
        'Authorization: Bearer env:WAK_STAGING_TOKEN',
        '--header-file',
        file,
      ],
      { env: { ...process.env, WAK_STAGING_TOKEN: TOKEN, WAK_FILE_TOKEN: `${TOKEN}-file` } },
    )
    const exit = await cli.exit(30_000)
    expect(exit.code, exit.stdout + exit.stderr).toBe(1) // the echo server breaks the contract
    expect(upstream.received()[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-api-key': `Token ${TOKEN}-file`,
    })
    expect(exit.stdout + exit.stderr).not.toContain(TOKEN)
  })

  it.each(['proxy', 'contract'])(
    'is refused by %s when the variable is not set (exit 2, naming it), and nothing is sent',
    async (command) => {
      const upstream = await echo()
      const flag = command === 'proxy' ? '--target' : '--base-url'
      const stderr = await refused(
        [command, flag, upstream.url, '-H', 'Authorization: Bearer env:WAK_UNSET_TOKEN'],
        { WAK_UNSET_TOKEN: undefined },
      )
      expect(stderr).toContain('WAK_UNSET_TOKEN')
      expect(stderr).toContain('not set')
      expect(upstream.requestCount()).toBe(0)
    },
  )

  it.each([
    ['a variable name with a dash', 'Authorization: Bearer env:WAK-TOKEN'],
    ['two words before it', 'Authorization: Bearer token env:WAK_STAGING_TOKEN'],
    ['env: with no name', 'Authorization: Bearer env:'],
  ])('is refused, never sent as written: %s', async (_, header) => {
    const upstream = await echo()
    const stderr = await refused(['proxy', '--target', upstream.url, '-H', header], {
      WAK_STAGING_TOKEN: TOKEN,
    })
    expect(stderr).toContain('"Scheme env:VAR"')
    expect(upstream.requestCount()).toBe(0)
  })
})

describe("proxy --cors '*'", () => {
  it('is refused with -H: a page of any site would send with them', async () => {
    const stderr = await refused([
      'proxy',
      '--target',
      'http://127.0.0.1:1',
      '--cors',
      '*',
      '-H',
      `Authorization: Bearer ${TOKEN}`,
    ])
    expect(stderr).toContain('--cors ORIGIN')
    expect(stderr).not.toContain(TOKEN)
  })
})
