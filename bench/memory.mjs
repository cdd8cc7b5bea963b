// One million creates in-process (node --expose-gc bench/memory.mjs [COUNT]): RSS after GC every
// 10 %, to show memory stays flat once the store's bound (10 000 workers per session) is reached.
import { createMockApp } from '../dist/src/index.js'

const COUNT = Number(process.argv[2] ?? 1_000_000)
const STEP = COUNT / 10
const app = createMockApp({ clock: () => Date.UTC(2026, 0, 1) })
const body = JSON.stringify({ name: 'memory bench worker', destination: 'local' })
const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body }
const rssMb = () => {
  globalThis.gc?.()
  return process.memoryUsage().rss / 2 ** 20
}
const samples = [{ creates: 0, rssMb: rssMb() }]
const started = performance.now()
for (let i = 1; i <= COUNT; i++) {
  const res = await app.request('/v1/workers', init)
  if (res.status !== 201) throw new Error(`create ${i} answered ${res.status}`)
  await res.arrayBuffer()
  if (i % STEP === 0) samples.push({ creates: i, rssMb: rssMb() })
}
const seconds = (performance.now() - started) / 1000
const state = await (await app.request('/__mock/state')).json()
process.stdout.write(
  `${JSON.stringify({ creates: COUNT, seconds, workersKept: state.stored.workers, samples })}\n`,
)
