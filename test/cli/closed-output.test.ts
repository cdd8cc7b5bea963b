// A reader that goes away (`worker-api-kit mock | head`, a closed terminal) ends no command: what
// the CLI writes after is dropped, and the mock goes on answering.
import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.js'
import { CLI_PATH, DEFAULT_WAIT_MS, killSpawned, REPO_ROOT } from '../helpers/spawn-cli.js'

/** The bin with `args`, its stdout's reader gone before it writes a line; its stderr collected. */
const withStdoutClosed = (args: readonly string[]) => {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.destroy()
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no exit within ${DEFAULT_WAIT_MS} ms: ${stderr}`))
    }, DEFAULT_WAIT_MS)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
  return { child, exited, stderr: () => stderr }
}

afterEach(killSpawned)

describe('a closed stdout', () => {
  it('ends --help with its own exit code, no EPIPE crash', async () => {
    const run = withStdoutClosed(['--help'])
    expect(await run.exited).toBe(0)
    expect(run.stderr()).not.toMatch(/EPIPE|Unhandled/)
  })

  it('leaves the mock serving, its log dropped', async () => {
    const port = await freePort()
    const run = withStdoutClosed(['mock', '--host', '127.0.0.1', '--port', String(port)])
    let status = 0
    for (let attempt = 0; attempt < 200 && status !== 201; attempt++) {
      status = await fetch(`http://127.0.0.1:${port}/v1/workers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"piped","destination":"local"}',
      }).then(
        (res) => res.status,
        () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 25)),
      )
    }
    expect(status).toBe(201)
    const again = await fetch(`http://127.0.0.1:${port}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"after the log","destination":"local"}',
    })
    expect(again.status).toBe(201)
    expect(run.stderr()).not.toMatch(/EPIPE|Unhandled/)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  })
})
