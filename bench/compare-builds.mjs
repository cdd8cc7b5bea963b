// node bench/compare-builds.mjs DIR [DIR…]: the mock's CPU per request of several builds side by
// side (each DIR a checkout with `npm run build` done, this one `.`), when one machine's noise
// moves a bare baseline too much for ratios taken in separate runs. Each build's mock is started,
// pinned to core 0 (the load to core 1, where `taskset` exists), and loaded in turn for 3 s per
// operation, 5 rounds, the medians printed. OPS=createWorker,updateWorker picks operations.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { benchRequests } from './bench-requests.mjs'

const dirs = process.argv.slice(2)
if (dirs.length === 0) throw new Error('usage: node bench/compare-builds.mjs DIR [DIR…]')
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const SECONDS = 3
const ops = (process.env.OPS ?? 'createWorker,updateWorker,updateLlmProvider').split(',')
const json = { 'content-type': 'application/json' }

const pin = (pid, core) => {
  try {
    execFileSync('taskset', ['-p', '-c', String(core), String(pid)], { stdio: 'ignore' })
  } catch {
    // no taskset: unpinned
  }
}
const cpuMicros = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}
const start = async (dir, port) => {
  const args = [`${dir}/dist/bin/main.js`, 'mock', '--port', String(port), '--quiet']
  const child = spawn('node', args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let banner = ''
  await new Promise((resolve, reject) => {
    child.once('exit', () => reject(new Error(`${dir}: the mock did not start`)))
    child.stdout.on('data', (chunk) => {
      banner += chunk
      if (banner.includes('Press Ctrl')) resolve()
    })
  })
  child.stdout.resume()
  pin(child.pid, 0)
  return { child, port, banner, dir }
}
/** The bench's three requests against this server (a fresh worker to rename each time). */
const requestsOf = async ({ port, banner }) => (await benchRequests(port, banner)).requests

const load = (port, { method, path, body }) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        method,
        headers: json,
        body: JSON.stringify(body),
        connections: 10,
        duration: SECONDS,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  )

pin(process.pid, 1)
const servers = []
try {
  for (const [i, dir] of dirs.entries()) servers.push(await start(dir, 5400 + i))
  const samples = {}
  for (let round = 0; round < ROUNDS; round++)
    for (const op of ops)
      for (const server of servers) {
        // A fresh worker per round: the create load fills the store past its bound, which evicts old ones.
        const request = (await requestsOf(server))[op]
        const before = cpuMicros(server.child.pid)
        const result = await load(server.port, request)
        const key = `${op} ${server.dir}`
        samples[key] ??= []
        samples[key].push((cpuMicros(server.child.pid) - before) / result['2xx'])
      }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
  for (const [key, values] of Object.entries(samples))
    console.log(
      `${key}: median ${median(values).toFixed(0)} µs CPU/request (rounds ${values.map((v) => v.toFixed(0)).join(' ')})`,
    )
} finally {
  for (const server of servers) server.child.kill()
}
