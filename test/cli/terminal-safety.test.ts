// Text from a server never drives the terminal (issue 17, item 7): a hostile answer with OSC 52
// (set the clipboard), a screen clear, an OSC 8 hyperlink, a one-byte CSI and bidi overrides in
// its status text, a header, a problem's title and a raw body, judged by `contract` and passed
// through `proxy`, run in-process through the entry the bin is a shell over (the printable filter
// is in that entry). Before, the contract console printed them as they came.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startCli } from '../helpers/cli-in-process.js'
import { API_ONLY, startHostileServer, type TestServer } from '../helpers/hostile-server.js'

const { servers, dirs } = cleanUpAfterEach<TestServer>()

/**
 * What must never reach a terminal: C0 controls but the line feed, DEL and C1 controls (0x9b is a
 * one-byte CSI), and the bidi and zero-width format characters.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/** The unsafe characters of a text, as code points, so a failure says which. */
const unsafeIn = (text: string) =>
  [...new Set(text.match(UNSAFE) ?? [])].map((c) => `U+${c.charCodeAt(0).toString(16)}`)

/** XML 1.0 allows tab, LF and CR among the controls, nothing else below 0x20. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/

const hostile = async () => {
  const server = await startHostileServer('terminal-escapes', { appliesTo: API_ONLY })
  servers.push(server)
  return server
}

describe('text from a server on the terminal', () => {
  it('is printable in the contract console, and the report files stay well formed', async () => {
    const server = await hostile()
    const dir = await mkdtemp(join(tmpdir(), 'wak-terminal-'))
    dirs.push(dir)
    const files = {
      json: join(dir, 'r.json'),
      junit: join(dir, 'r.xml'),
      html: join(dir, 'r.html'),
    }

    const exit = await runCli(
      [
        'contract',
        '--base-url',
        server.url,
        '--runs',
        '2',
        '--json',
        files.json,
        '--junit',
        files.junit,
        '--html',
        files.html,
      ],
      { timeoutMs: 30_000 },
    )

    expect(exit.code, exit.stderr).toBe(1)
    // The server's words are there, shown, not obeyed.
    expect(exit.stdout).toContain('\\x1b]52;c;')
    expect(unsafeIn(exit.stdout)).toEqual([])
    expect(unsafeIn(exit.stderr)).toEqual([])
    const json = await readFile(files.json, 'utf8')
    expect(() => JSON.parse(json)).not.toThrow()
    expect(json).not.toContain('\u001b')
    const junit = await readFile(files.junit, 'utf8')
    expect(NOT_XML.test(junit)).toBe(false)
    const html = await readFile(files.html, 'utf8')
    expect(html).not.toContain('\u001b')
  }, 40_000)

  it('is printable in the proxy log and in contract run through the proxy', async () => {
    const server = await hostile()
    const proxy = startCli(['proxy', '--host', '127.0.0.1', '--port', '0', '--target', server.url])
    await proxy.waitForStdout(/^Press Ctrl\+C to stop\.$/m)
    const url = proxy.stdout().match(/^worker-api-kit proxy listening on (http:\/\/\S+)$/m)?.[1]
    expect(url).toBeDefined()

    const exit = await runCli(['contract', '--base-url', url ?? '', '--runs', '1'], {
      timeoutMs: 30_000,
    })
    await fetch(`${url}/v1/workers/%1B%5D52%3Bc%3Bx%07%E2%80%AE`, { method: 'PATCH' })
    proxy.signal('SIGTERM')
    const stopped = await proxy.exit()

    expect(exit.code, exit.stderr).toBe(1)
    expect(proxy.stdout()).toMatch(/✗/)
    for (const text of [exit.stdout, exit.stderr, stopped.stdout, stopped.stderr])
      expect(unsafeIn(text)).toEqual([])
  }, 40_000)
})
