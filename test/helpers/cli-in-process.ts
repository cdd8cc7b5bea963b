// Runs the CLI in this test's process, through the entry the bin itself is a shell over
// (src/cli/run-cli.ts): the same commands, flags, output, exit codes and files, without a process
// to start and a cold JIT to warm per run. The process boundary (signals, the exit code the bin
// hands the shell, memory limits, the shebang) is tested by spawning the bin (spawn-cli.ts).
// Builders only: no assertions here.
import { runCli as runEntry } from '../../src/cli/run-cli.js'
import { mockStarted, type RunningMockOf, withOutput } from './cli-output.js'
import { CLI_PATH, DEFAULT_WAIT_MS, type Exit, REPO_ROOT } from './spawn-cli.js'

export type InProcessOptions = {
  /** Default: the repository root, as for the spawned bin. */
  cwd?: string
  /** Default: a copy of this process's environment. */
  env?: NodeJS.ProcessEnv
}

/** What the bin hears as a signal: here, a request the serving command hears the same way. */
type StopName = 'SIGINT' | 'SIGTERM'

export type InProcessCli = {
  /** Everything the run wrote to stdout so far. */
  readonly stdout: () => string
  /** Everything the run wrote to stderr so far. */
  readonly stderr: () => string
  /** Resolves with the first match of `pattern` in stdout; rejects on exit or after `timeoutMs`. */
  readonly waitForStdout: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** The same for stderr. */
  readonly waitForStderr: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** Asks the run to stop as SIGINT or SIGTERM ask the bin; false if it has already ended. */
  readonly signal: (name: StopName) => boolean
  /** Whether the run has not ended yet. */
  readonly isRunning: () => boolean
  /** Resolves on the end of the run; after `timeoutMs` asks it to stop and rejects. */
  readonly exit: (timeoutMs?: number) => Promise<Exit>
}

const live = new Set<InProcessCli>()

/** Starts `worker-api-kit ...args` in this process, collecting its output. */
export const startCli = (args: readonly string[], options: InProcessOptions = {}): InProcessCli => {
  const label = ['worker-api-kit', ...args].join(' ')
  const output = { out: '', err: '' }
  const onWrite = new Set<() => void>()
  const wrote = (stream: 'out' | 'err', text: string) => {
    output[stream] += text
    for (const listener of [...onWrite]) listener()
  }
  let stopRequest: StopName | undefined
  const onStop = new Set<(name: StopName) => void>()
  let isEnded = false

  const ended: Promise<Exit> = runEntry({
    argv: args,
    env: { ...(options.env ?? process.env) },
    cwd: options.cwd ?? REPO_ROOT,
    script: CLI_PATH,
    stdout: (text) => wrote('out', text),
    stderr: (text) => wrote('err', text),
    untilStopped: () =>
      new Promise<string>((resolve) => {
        if (stopRequest !== undefined) return resolve(stopRequest)
        onStop.add(resolve)
      }),
  }).then(
    (code): Exit => ({ code, signal: null, stdout: output.out, stderr: output.err }),
    // runCli turns every error into an exit code; a rejection is a bug of the writers above.
    (error: unknown): Exit => ({
      code: null,
      signal: null,
      stdout: output.out,
      stderr: `${output.err}${String(error)}\n`,
    }),
  )
  void ended.then(() => {
    isEnded = true
    for (const listener of [...onWrite]) listener()
  })

  const signal = (name: StopName) => {
    if (isEnded) return false
    stopRequest ??= name
    for (const resolve of [...onStop]) resolve(name)
    onStop.clear()
    return true
  }

  const exit = async (timeoutMs = DEFAULT_WAIT_MS): Promise<Exit> => {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const result = await Promise.race([ended, timedOut]).finally(() => clearTimeout(timer))
    if (result !== 'timeout') return result
    signal('SIGTERM')
    throw new Error(
      withOutput(
        `${label} did not end within ${timeoutMs} ms; asked it to stop.`,
        output.out,
        output.err,
      ),
    )
  }

  const waitFor =
    (stream: 'out' | 'err') =>
    (pattern: RegExp, timeoutMs = DEFAULT_WAIT_MS) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer)
          onWrite.delete(check)
        }
        const check = () => {
          const match = output[stream].match(pattern)
          if (match) {
            cleanup()
            return resolve(match)
          }
          if (!isEnded) return
          cleanup()
          reject(
            new Error(
              withOutput(`${label} ended before printing ${pattern}.`, output.out, output.err),
            ),
          )
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(
            new Error(
              withOutput(`${label}: no ${pattern} within ${timeoutMs} ms.`, output.out, output.err),
            ),
          )
        }, timeoutMs)
        onWrite.add(check)
        check()
      })

  const cli: InProcessCli = {
    stdout: () => output.out,
    stderr: () => output.err,
    waitForStdout: waitFor('out'),
    waitForStderr: waitFor('err'),
    signal,
    isRunning: () => !isEnded,
    exit,
  }
  live.add(cli)
  void ended.then(() => live.delete(cli))
  return cli
}

/** Runs a command of the CLI that ends by itself and resolves with its exit. */
export const runCli = (
  args: readonly string[],
  options: InProcessOptions & { timeoutMs?: number } = {},
) => startCli(args, options).exit(options.timeoutMs)

/** Stops every run started here that is still serving, and waits for them. For afterEach. */
export const stopRunning = async () => {
  await Promise.allSettled(
    [...live].map((cli) => {
      cli.signal('SIGTERM')
      return cli.exit(DEFAULT_WAIT_MS)
    }),
  )
}

export type RunningMock = RunningMockOf<InProcessCli>

/**
 * Starts `worker-api-kit mock --host 127.0.0.1 --port 0 ...args` in this process (a free port each
 * time, so tests never collide) and resolves once the whole banner is printed.
 */
export const startMock = async (
  args: readonly string[] = [],
  options: InProcessOptions = {},
): Promise<RunningMock> => {
  const cli = startCli(['mock', '--host', '127.0.0.1', '--port', '0', ...args], options)
  return mockStarted(cli)
}
