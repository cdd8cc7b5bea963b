// The contract CLI's own cost as a run grows: `--runs 10 / 100 / 1000` against a fresh local mock
// each, with the wall time, the CLI's CPU time and its peak RSS (polled from /proc).
// Usage: node bench/contract-cost.mjs [PORT]  → JSON on stdout
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const CLI = 'dist/bin/main.js'
const PORT = Number(process.argv[2] ?? 4740)
const RUNS = (process.env.BENCH_CONTRACT_RUNS ?? '10,100,1000').split(',').map(Number)
const TICKS_PER_SECOND = 100
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** CPU ms and peak RSS MB of a live process, or undefined once it is gone. */
const usage = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    const peak = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)
    return {
      cpuMs: ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000,
      peakRssMb: Number(peak?.[1] ?? 0) / 1024,
    }
  } catch {
    return undefined
  }
}

const startMock = async (port) => {
  const child = spawn('node', [CLI, 'mock', '--port', String(port), '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let banner = ''
  child.stdout.on('data', (chunk) => (banner += chunk))
  for (let i = 0; i < 500; i++) {
    const ids = banner.match(/org id\s+(\S+)[\s\S]*llm provider id\s+(\S+)/)
    if (ids) return { child, orgId: ids[1], llmProviderId: ids[2] }
    await sleep(10)
  }
  child.kill('SIGKILL')
  throw new Error('the mock did not start')
}

const results = []
for (const [i, runs] of RUNS.entries()) {
  const port = PORT + i
  const mock = await startMock(port)
  const started = performance.now()
  const cli = spawn('node', [
    ...[CLI, 'contract', '--base-url', `http://127.0.0.1:${port}`],
    ...['--org-id', mock.orgId, '--llm-provider-id', mock.llmProviderId],
    ...['--runs', String(runs), '--seed', '1', '--quiet'],
  ])
  let out = ''
  cli.stdout.on('data', (chunk) => (out += chunk))
  let last = { cpuMs: 0, peakRssMb: 0 }
  const poll = setInterval(() => {
    const now = usage(cli.pid)
    // a zombie has no memory lines: keep the highest peak seen
    if (now) last = { cpuMs: now.cpuMs, peakRssMb: Math.max(last.peakRssMb, now.peakRssMb) }
  }, 20)
  const code = await new Promise((resolve) => cli.on('exit', resolve))
  clearInterval(poll)
  const wallMs = performance.now() - started
  mock.child.kill('SIGTERM')
  const line = out.match(/(\d+) requests in ([\d.]+) s/)
  results.push({
    runs,
    exitCode: code,
    requests: Number(line?.[1]),
    wallMs: Math.round(wallMs),
    cpuMs: Math.round(last.cpuMs),
    peakRssMb: Math.round(last.peakRssMb),
  })
}
process.stdout.write(`${JSON.stringify(results)}\n`)
