// The contract suite's own CPU per run, in-process: `runContract` against `createMockApp()` with
// the judge test's options (seed 1, 5 generated inputs per operation), no port, no process.
// Usage: npm run build && node bench/contract-judge.mjs [ROUNDS]  → ms per run, then the median
import { createMockApp, runContract } from '../dist/src/index.js'

const ROUNDS = Number(process.argv[2] ?? 5)

const once = async () => {
  const app = createMockApp()
  const startedCpu = process.cpuUsage()
  const started = performance.now()
  const report = await runContract({
    baseUrl: 'http://judge.test',
    fetch: async (input, init) => app.request(input, init),
    ...app.ids,
    seed: 1,
    runs: 5,
    timeoutMs: 300,
    runTimeoutMs: 10_000,
  })
  const cpu = process.cpuUsage(startedCpu)
  return {
    wallMs: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    requests: report.requestCount,
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

await once() // warm-up: module loading and JIT, not counted
const runs = []
for (let i = 0; i < ROUNDS; i++) {
  const run = await once()
  runs.push(run)
  console.log(
    `run ${i + 1}: ${run.wallMs.toFixed(0)} ms wall, ${run.cpuMs.toFixed(0)} ms CPU, ${run.requests} requests`,
  )
}
console.log(
  `median: ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms CPU per run`,
)
