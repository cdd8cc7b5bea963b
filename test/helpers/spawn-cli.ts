// Spawns the built bin (or any command) with bounded waits. Builders only: no assertions here.
// The tests build nothing: `npm run build` must have run first. They run the package's bin.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { mockStarted, type RunningMockOf, withOutput } from './cli-output.js'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const CLI_PATH = fileURLToPath(new URL('../../dist/bin/main.js', import.meta.url))

/** Default bound of every wait, in ms. Generous: CI machines run several forks at once. */
export const DEFAULT_WAIT_MS = 10_000

export type Exit = {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export type Spawned = {
  readonly child: ChildProcess
  /** Everything the process wrote to stdout so far. */
  readonly stdout: () => string
  /** Everything the process wrote to stderr so far. */
  readonly stderr: () => string
  /** Resolves with the first match of `pattern` in stdout; rejects on exit or after `timeoutMs`. */
  readonly waitForStdout: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** The same for stderr. */
  readonly waitForStderr: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** Sends a signal; false if the process has already exited. */
  readonly signal: (signal: NodeJS.Signals) => boolean
  /** Resolves on exit; after `timeoutMs` kills the process with SIGKILL and rejects. */
  readonly exit: (timeoutMs?: number) => Promise<Exit>
}

export type SpawnOptions = { cwd?: string; env?: NodeJS.ProcessEnv }

const live = new Set<Spawned>()

/** Spawns `command args` without a shell, collecting its output. */
export const spawnProcess = (
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Spawned => {
  const label = [command, ...args].join(' ')
  const child = spawn(command, [...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8')
  child.stderr?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk: string) => {
    err += chunk
  })

  // Settles once: on 'close' (all output read) or on a spawn error. Never rejects.
  const closed = new Promise<Exit | Error>((resolve) => {
    child.once('error', (error) => resolve(error))
    child.once('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }))
  })

  const exit = async (timeoutMs = DEFAULT_WAIT_MS): Promise<Exit> => {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const result = await Promise.race([closed, timedOut]).finally(() => clearTimeout(timer))
    if (result === 'timeout') {
      child.kill('SIGKILL')
      await closed
      throw new Error(
        withOutput(`${label} did not exit within ${timeoutMs} ms; killed it.`, out, err),
      )
    }
    if (result instanceof Error) throw result
    return result
  }

  const waitFor =
    (stream: 'stdout' | 'stderr') =>
    (pattern: RegExp, timeoutMs = DEFAULT_WAIT_MS) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const text = () => (stream === 'stdout' ? out : err)
        const cleanup = () => {
          clearTimeout(timer)
          child[stream]?.off('data', check)
        }
        const check = () => {
          const match = text().match(pattern)
          if (!match) return
          cleanup()
          resolve(match)
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(withOutput(`${label}: no ${pattern} within ${timeoutMs} ms.`, out, err)))
        }, timeoutMs)
        // Listeners run in order: this one sees the chunk after the collector above appended it.
        child[stream]?.on('data', check)
        void closed.then(() => {
          if (text().match(pattern)) return check()
          cleanup()
          reject(new Error(withOutput(`${label} exited before printing ${pattern}.`, out, err)))
        })
        check()
      })

  const spawned: Spawned = {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForStdout: waitFor('stdout'),
    waitForStderr: waitFor('stderr'),
    signal: (signal) => child.exitCode === null && child.signalCode === null && child.kill(signal),
    exit,
  }
  live.add(spawned)
  void closed.then(() => live.delete(spawned))
  return spawned
}

/** Spawns `node dist/bin/main.js ...args` (the bin) from the repository root (or `cwd`). */
export const spawnCli = (args: readonly string[], options: SpawnOptions = {}): Spawned =>
  spawnProcess(process.execPath, [CLI_PATH, ...args], options)

/** Runs a command of the CLI that ends by itself and resolves with its exit. */
export const runCli = (
  args: readonly string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
) => spawnCli(args, options).exit(options.timeoutMs)

/** Kills every process spawned here that is still running, and waits for them. For afterEach. */
export const killSpawned = async () => {
  await Promise.allSettled(
    [...live].map((spawned) => {
      spawned.child.kill('SIGKILL')
      return spawned.exit(DEFAULT_WAIT_MS)
    }),
  )
}

export type RunningMock = RunningMockOf<Spawned>

/**
 * Starts `worker-api-kit mock --host 127.0.0.1 --port 0 ...args` (a free port each time, so tests
 * never collide) and resolves once the whole banner is printed.
 */
export const startMock = async (
  args: readonly string[] = [],
  options: SpawnOptions = {},
): Promise<RunningMock> => {
  const cli = spawnCli(['mock', '--host', '127.0.0.1', '--port', '0', ...args], options)
  return mockStarted(cli)
}
