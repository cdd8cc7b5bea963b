// npm run bench:profile: where a request's CPU goes, per file, in the built mock and in the floor
// (bench/floor-hono.mjs), from V8 CPU profiles taken under load on 127.0.0.1. Prints a markdown
// table per operation: self time in µs per request (the profiler adds its own overhead: compare
// rows, not totals, with `npm run bench`). The figures in bench/PROFILE.md come from it.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { BARE_BODIES, benchRequests } from './bench-requests.mjs'

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 6)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A server under the profiler; SIGINT ends it and V8 writes the profile. */
const startProfiled = async (args, port) => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-profile-'))
  const child = spawn('node', ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  for (let i = 0; i < 500; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) })
      return { child, dir, out: () => out }
    } catch {
      await sleep(10)
    }
  }
  child.kill('SIGKILL')
  throw new Error(`server on ${port} did not start`)
}
const finish = async ({ child, dir }) => {
  child.kill('SIGINT')
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', resolve),
  )
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
  return JSON.parse(readFileSync(join(dir, file), 'utf8'))
}

/** Self time by where it was spent: our files by name, the libraries and node by package. */
const placeOf = ({ functionName, url }) => {
  if (functionName === '(garbage collector)') return 'GC'
  if (functionName === 'writev' || functionName === 'writeUtf8String')
    return 'socket write (syscall)'
  if (functionName === '(program)' || functionName === '(idle)') return functionName
  if (url.startsWith('node:')) return 'node internals'
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)
  if (pkg) return pkg[1]
  const own = url.match(/dist\/src\/(.+)\.js$/)
  if (own) return `src/${own[1]}.ts`
  return functionName.startsWith('RegExp') ? 'regular expressions' : url || functionName || 'native'
}
const perPlace = (profile, requests) => {
  const self = new Map()
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  const places = new Map()
  for (const node of profile.nodes) {
    const place = placeOf(node.callFrame)
    if (place === '(idle)') continue
    places.set(place, (places.get(place) ?? 0) + (self.get(node.id) ?? 0) / requests)
  }
  return places
}

const load = (port, { method, path, body }) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: 10,
        duration: SECONDS,
      },
      (error, result) => (error ? reject(error) : resolve(result['2xx'])),
    ),
  )

const MOCK_PORT = 4761
const FLOOR_PORT = 4762
// The floor answers the bodies the mock answered (bench-requests.mjs writes them for it).
const operations = ['createWorker', 'updateWorker', 'updateLlmProvider']
const tables = []
for (const operation of operations) {
  const mock = await startProfiled(
    ['dist/src/cli/main.js', 'mock', '--port', String(MOCK_PORT), '--quiet'],
    MOCK_PORT,
  )
  const banner = mock.out()
  const request = (await benchRequests(MOCK_PORT, banner)).requests[operation]
  const mockRequests = await load(MOCK_PORT, request)
  const mockPlaces = perPlace(await finish(mock), mockRequests)
  const floor = await startProfiled(
    ['bench/floor-hono.mjs', String(FLOOR_PORT), BARE_BODIES],
    FLOOR_PORT,
  )
  const floorRequests = await load(FLOOR_PORT, request)
  const floorPlaces = perPlace(await finish(floor), floorRequests)
  const total = (places) => [...places.values()].reduce((sum, us) => sum + us, 0)
  const rows = [...new Set([...mockPlaces.keys(), ...floorPlaces.keys()])]
    .map((place) => ({
      place,
      mock: mockPlaces.get(place) ?? 0,
      floor: floorPlaces.get(place) ?? 0,
    }))
    .filter((row) => row.mock >= 0.5 || row.floor >= 0.5)
    .sort((a, b) => b.mock - a.mock)
  tables.push(
    [
      `### ${operation}: mock ${total(mockPlaces).toFixed(0)} µs, floor ${total(floorPlaces).toFixed(0)} µs of CPU per request (under the profiler)`,
      '',
      '| where | mock µs/req | floor µs/req |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.place} | ${r.mock.toFixed(1)} | ${r.floor.toFixed(1)} |`),
    ].join('\n'),
  )
}
const report = tables.join('\n\n')
writeFileSync('bench/results/profile.md', `${report}\n`)
console.log(report)
