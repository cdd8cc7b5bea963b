// The bench's processes: servers pinned to one core and the load generator (the bench itself)
// to another when `taskset` exists, their CPU time and RSS from /proc, bounded start and stop.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these

// ---- pinning: the servers on one core, autocannon (this process) on another
export const SERVER_CORE = '0'
export const LOAD_CORE = '1'
export const ALL_CORES = `0-${cpus().length - 1}`
const hasTaskset = spawnSync('sh', ['-c', 'command -v taskset'], { stdio: 'ignore' }).status === 0
export const PINNED = hasTaskset && cpus().length >= 2
if (!PINNED)
  process.stderr.write(
    `note: ${hasTaskset ? 'one core only' : 'taskset not found'}: servers and load generator are not pinned, so the CPU figures include their contention\n`,
  )
/** `node args`, pinned to the server core when pinning is possible. */
const serverCommand = (args) =>
  PINNED ? ['taskset', ['-c', SERVER_CORE, 'node', ...args]] : ['node', args]
/** Pins this process (every thread: autocannon's sockets and libuv's pool) to `cores`. */
export const pinSelf = (cores) => {
  if (PINNED)
    execFileSync('taskset', ['-a', '-c', '-p', cores, String(process.pid)], { stdio: 'ignore' })
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** CPU time (µs) a process has used so far, from /proc. */
export const cpuMicros = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6
}
/** Resident set size (MB) of a process, from /proc. */
export const rssMb = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024

/** Starts a server process and waits (bounded) until it answers. */
export const startProcess = async (args, port, readyPath = '/') => {
  const [command, commandArgs] = serverCommand(args)
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] })
  const output = []
  child.stdout.on('data', (chunk) => output.push(chunk.toString()))
  for (let i = 0; i < 500; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`, {
        signal: AbortSignal.timeout(1000),
      })
      if (res.status < 500) return { child, output: () => output.join('') }
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  child.kill('SIGKILL')
  throw new Error(`server on ${port} did not start`)
}
export const stop = async (child) => {
  child.kill('SIGTERM')
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', resolve),
  )
}
