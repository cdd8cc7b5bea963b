// npm run bench: the built mock against bare Hono, in one run, on 127.0.0.1 (docs/benchmarks.md).
// The measure is the server's CPU per request, from its own counters (/proc/<pid>/stat), with the
// server pinned to one core and the load generator to the other (taskset), so that neither the
// client nor the machine's other work is counted; req/s is the second column. Every figure is a
// median over the rounds; every comparison a ratio against bare Hono measured alongside
// (bare µs / mock µs: 1.0 is as cheap as bare Hono, higher is better).
// `npm run bench` takes about two minutes; `npm run bench:full` adds the memory and contract-cost
// measures (about ten minutes more).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { BARE_BODIES, benchRequests } from './bench-requests.mjs'
import {
  ALL_CORES,
  cpuMicros,
  LOAD_CORE,
  median,
  PINNED,
  pinSelf,
  rssMb,
  SERVER_CORE,
  sleep,
  startProcess,
  stop,
} from './processes.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3)
/**
 * Load before the rounds, not counted: each server's code compiled by the JIT and the mock's store
 * at its bound (a create evicts the oldest worker from then on, as in a long-running mock). A
 * first round without it measured the warm-up: 150-160 µs per create against 85-95 after it.
 */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2)
const FULL = process.argv.includes('--full')
const CONNECTIONS = 10
const COLD_STARTS = 11
const CLI = 'dist/bin/main.js'

const load = (url, request, duration = DURATION_S) =>
  new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, pipelining: 1, ...request },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })

const json = () => ({ 'content-type': 'application/json' })

// ---- set up: the mock, the requests, and bodies of the same size for the baseline
const MOCK_PORT = 4701
const BARE_PORT = 4702
const FLOOR_PORT = 4703
const mock = await startProcess([CLI, 'mock', '--port', String(MOCK_PORT), '--quiet'], MOCK_PORT)
const mockPid = mock.child.pid
const banner = mock.output()
const rssIdleMock = rssMb(mockPid)
const { requests, orgId, llmProviderId } = await benchRequests(MOCK_PORT, banner)
const post = (path, body) =>
  fetch(`http://127.0.0.1:${MOCK_PORT}${path}`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify(body),
  }).then((r) => r.json())
const bare = await startProcess(['bench/bare-hono.mjs', String(BARE_PORT), BARE_BODIES], BARE_PORT)
const floor = await startProcess(
  ['bench/floor-hono.mjs', String(FLOOR_PORT), BARE_BODIES],
  FLOOR_PORT,
)
const rssIdleBare = rssMb(bare.child.pid)

// ---- load: A B C A B C, same client and flags, the client pinned away from the servers
const servers = {
  mock: { port: MOCK_PORT, pid: mockPid },
  bare: { port: BARE_PORT, pid: bare.child.pid },
  floor: { port: FLOOR_PORT, pid: floor.child.pid },
}
const samples = {}
pinSelf(LOAD_CORE)
const requestOf = ({ method, body }) => ({ method, headers: json(), body: JSON.stringify(body) })
/**
 * Before the renames, a fresh worker to rename: the create load before them fills the store past
 * its bound (10 000 per session), which evicts older workers, and a rename of an evicted one is a 404.
 */
const renameAFreshWorker = async (operation, request) => {
  if (operation !== 'updateWorker') return
  const fresh = await post('/v1/workers', { name: 'bench worker', destination: 'local' })
  request.path = `/v1/workers/${fresh.worker.id}`
}
for (const [operation, request] of Object.entries(requests)) {
  await renameAFreshWorker(operation, request)
  for (const server of Object.values(servers))
    await load(`http://127.0.0.1:${server.port}${request.path}`, requestOf(request), WARM_UP_S)
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const [operation, request] of Object.entries(requests)) {
    await renameAFreshWorker(operation, request)
    for (const [name, server] of Object.entries(servers)) {
      const before = cpuMicros(server.pid)
      const result = await load(
        `http://127.0.0.1:${server.port}${request.path}`,
        requestOf(request),
      )
      const cpu = cpuMicros(server.pid) - before
      const ok = result['2xx']
      const key = `${operation}/${name}`
      samples[key] ??= []
      samples[key].push({
        rps: ok / DURATION_S,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuPerRequestUs: ok > 0 ? cpu / ok : Number.NaN,
        errors: result.errors + result.non2xx,
      })
      process.stderr.write(
        `round ${round} ${key}: ${(cpu / ok).toFixed(1)} µs CPU/req, ${(ok / DURATION_S).toFixed(0)} req/s\n`,
      )
    }
  }
}
pinSelf(ALL_CORES)
const rssLoadedMock = rssMb(mockPid)
const rssLoadedBare = rssMb(bare.child.pid)

// ---- the default contract run against the local mock
const contractStarted = performance.now()
const contract = await new Promise((resolve) => {
  const child = spawn('node', [
    CLI,
    'contract',
    '--base-url',
    `http://127.0.0.1:${MOCK_PORT}`,
    '--org-id',
    orgId,
    '--llm-provider-id',
    llmProviderId,
    '--quiet',
    '--seed',
    '1',
  ])
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.on('exit', (code) => resolve({ code, out, ms: performance.now() - contractStarted }))
})
await stop(mock.child)
await stop(bare.child)
await stop(floor.child)

// ---- cold start: spawn to the first 201 (not pinned, as a user starts it), the mock and bare
// Hono in turn so that both meet the same noise. The bin keeps V8's code between starts
// (src/cli/code-cache.ts): the mock's first start of all runs with a fresh, empty cache folder of
// its own and is reported apart; the medians are of the starts after it.
const spawnToFirst201 = async (args, port, body, env) => {
  const started = performance.now()
  const child = spawn('node', args(port), { stdio: 'ignore', env })
  let ms = Number.NaN
  for (let k = 0; k < 2000; k++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/workers`, {
        method: 'POST',
        headers: json(),
        body,
      })
      if (res.status === 201) {
        ms = performance.now() - started
        break
      }
    } catch {
      // not yet
    }
    await sleep(2)
  }
  await stop(child)
  return ms
}
const createBody = JSON.stringify(requests.createWorker.body)
const withoutCacheSwitch = ({ NODE_DISABLE_COMPILE_CACHE: _off, ...env }) => env
const codeCache = mkdtempSync(join(tmpdir(), 'bench-code-cache-'))
const mockEnv = { ...withoutCacheSwitch(process.env), NODE_COMPILE_CACHE: codeCache }
const mockArgs = (port) => [CLI, 'mock', '--port', String(port), '--quiet']
const bareArgs = (port) => ['bench/bare-hono.mjs', String(port), BARE_BODIES]
const coldMockFirst = await spawnToFirst201(mockArgs, 4709, createBody, mockEnv)
const coldTimes = { mock: [], bare: [] }
for (let i = 0; i < COLD_STARTS; i++) {
  coldTimes.mock.push(await spawnToFirst201(mockArgs, 4710 + i, createBody, mockEnv))
  coldTimes.bare.push(await spawnToFirst201(bareArgs, 4740 + i, createBody, process.env))
}
rmSync(codeCache, { recursive: true, force: true })
const coldMock = median(coldTimes.mock)
const coldBare = median(coldTimes.bare)

// ---- with --full: memory over a million creates, byte bounds, the contract CLI's own cost
const extras = FULL ? await import('./extras.mjs').then((m) => m.runExtras()) : undefined

// ---- report
/** Bare Hono's CPU per request over the server's: 1.0 is as cheap as bare Hono. */
const TARGET_RATIO = { createWorker: 0.4, updateWorker: 0.5, updateLlmProvider: 0.5 }
const summary = {}
for (const operation of Object.keys(requests)) {
  const all = (name, field) => samples[`${operation}/${name}`].map((s) => s[field])
  const of = (name, field) => median(all(name, field))
  const cpu = { mock: of('mock', 'cpuPerRequestUs'), floor: of('floor', 'cpuPerRequestUs') }
  const bareCpu = of('bare', 'cpuPerRequestUs')
  summary[operation] = {
    mockCpuUs: cpu.mock,
    floorCpuUs: cpu.floor,
    bareCpuUs: bareCpu,
    mockCpuUsPerRound: all('mock', 'cpuPerRequestUs'),
    bareCpuUsPerRound: all('bare', 'cpuPerRequestUs'),
    // the CPU ratio: bare µs / mock µs (higher is better)
    ratio: bareCpu / cpu.mock,
    floorRatio: bareCpu / cpu.floor,
    target: TARGET_RATIO[operation],
    // the mock's own work: its CPU per request above the floor's
    ownCpuUs: cpu.mock - cpu.floor,
    mockRps: of('mock', 'rps'),
    floorRps: of('floor', 'rps'),
    bareRps: of('bare', 'rps'),
    rpsRatio: of('mock', 'rps') / of('bare', 'rps'),
    mockP50: of('mock', 'p50'),
    mockP99: of('mock', 'p99'),
    bareP50: of('bare', 'p50'),
    bareP99: of('bare', 'p99'),
    mockErrors: Math.max(...samples[`${operation}/mock`].map((s) => s.errors)),
  }
}
const contractLine = contract.out.match(/(\d+) requests in ([\d.]+) s/)
const atLeast = (value, target) => ({ target, value, met: value >= target })
const below = (value, target) => ({ target, value, met: value < target })
const result = {
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    rounds: ROUNDS,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    coldStarts: COLD_STARTS,
    pinned: PINNED ? { server: SERVER_CORE, load: LOAD_CORE } : false,
  },
  operations: summary,
  coldStartMs: {
    mock: coldMock,
    mockFirstStart: coldMockFirst,
    bare: coldBare,
    mockOverBare: coldMock / coldBare,
  },
  rssMb: {
    mockIdle: rssIdleMock,
    mockAfterLoad: rssLoadedMock,
    bareIdle: rssIdleBare,
    bareAfterLoad: rssLoadedBare,
  },
  contract: {
    exitCode: contract.code,
    requests: Number(contractLine?.[1]),
    seconds: Number(contractLine?.[2]),
    wallMs: contract.ms,
  },
  ...(extras ? extras.result : {}),
  targets: {
    createCpuRatio: atLeast(summary.createWorker.ratio, TARGET_RATIO.createWorker),
    updateWorkerCpuRatio: atLeast(summary.updateWorker.ratio, TARGET_RATIO.updateWorker),
    updateLlmProviderCpuRatio: atLeast(
      summary.updateLlmProvider.ratio,
      TARGET_RATIO.updateLlmProvider,
    ),
    coldStartMs: below(coldMock, 200),
    rssIdleMb: below(rssIdleMock, 80),
    ...(extras ? extras.targets : {}),
  },
}
writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`)

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-')
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-')
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-')
const rows = [
  `server CPU per request, median of ${ROUNDS} rounds of ${DURATION_S} s, ${PINNED ? `server pinned to core ${SERVER_CORE}, load generator to core ${LOAD_CORE}` : 'NOT pinned'}; ratio = bare µs / server µs (1.0 = as cheap as bare Hono)`,
  '',
  '| operation | mock CPU µs/req | floor | bare | mock ratio | target | floor ratio | mock rounds µs | mock req/s | bare req/s | mock p50 / p99 ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(summary).map(
    ([op, s]) =>
      `| ${op} | ${f1(s.mockCpuUs)} | ${f1(s.floorCpuUs)} | ${f1(s.bareCpuUs)} | ${f2(s.ratio)} | ${s.ratio >= s.target ? '✓' : '✗'} ≥ ${s.target} | ${f2(s.floorRatio)} | ${s.mockCpuUsPerRound.map(f0).join(' / ')} | ${f0(s.mockRps)} | ${f0(s.bareRps)} | ${s.mockP50} / ${s.mockP99} |`,
  ),
]
console.log(rows.join('\n'))
console.log(
  `\ncold start to first 201 (median of ${COLD_STARTS}): mock ${f0(coldMock)} ms (its first start, before the code cache: ${f0(coldMockFirst)} ms), bare Hono ${f0(coldBare)} ms, started in turn: the mock takes ${f2(coldMock / coldBare)}× bare Hono's time`,
)
console.log(
  `RSS: mock ${f0(rssIdleMock)} MB idle, ${f0(rssLoadedMock)} MB after load; bare Hono ${f0(rssIdleBare)} / ${f0(rssLoadedBare)} MB`,
)
console.log(
  `contract (default run vs the local mock): ${contractLine?.[1]} requests in ${contractLine?.[2]} s (exit ${contract.code})`,
)
if (extras) extras.print(f0)
else console.log('(memory, byte bounds and the contract CLI cost: npm run bench:full)')
console.log('\ntargets:')
for (const [name, t] of Object.entries(result.targets))
  console.log(`  ${t.met ? '✓' : '✗'} ${name}: ${f2(t.value)} (target ${t.target})`)
console.log(
  `\nmachine: ${result.machine.cpus} cores, ${result.machine.model}, ${result.machine.memoryGb} GB, Node ${result.machine.node}; written to bench/results/latest.json`,
)
