// Memory under large requests (README#benchmarks): each phase runs in its own process
// (node --expose-gc), so each starts from the same idle mock; the small-creates phase is the
// baseline the others are read against. Prints one JSON line. Usage: node bench/byte-bounds.mjs
//   small    1 500 creates with a short name
//   large    1 500 creates with a name of 1 000 000 characters, then GET /__mock/state
//   journal  1 000 creates with a 60 000-character description and an 8 000-character query,
//            then six GET /__mock/requests at once, then the whole journal page by page
import { spawn } from 'node:child_process'

const CREATES = 1_500
const BIG_NAME = 1_000_000
const JOURNAL_FILL = 1_000
const JOURNAL_BODY = 60_000 // under the journal's 64 KiB: kept whole
const JOURNAL_QUERY = 8_000 // a long query still under Node's 16 KiB header limit
const CONCURRENT_READS = 6
const MAX_PAGES = 10_000 // a bound on the page walk
const MB = 2 ** 20

const rssMb = (gc = true) => {
  if (gc) globalThis.gc?.()
  return process.memoryUsage().rss / MB
}
/** Live JS heap after GC: what the mock holds, without the pages V8 and malloc keep for reuse. */
const heapMb = () => {
  globalThis.gc?.()
  return process.memoryUsage().heapUsed / MB
}

const phase = async (name) => {
  const { createMockApp } = await import('../dist/src/mock/app.js') // the mock only
  const app = createMockApp({ clock: () => Date.UTC(2026, 0, 1) })
  const create = async (body, query = '') => {
    const res = await app.request(`/v1/workers${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    if (res.status !== 201) throw new Error(`create answered ${res.status}`)
    await res.arrayBuffer()
  }
  const idle = rssMb()
  const idleHeap = heapMb()
  const started = performance.now()
  let peak = idle
  const creates = async (count, body, query) => {
    for (let i = 1; i <= count; i++) {
      await create(body, query)
      if (i % 50 === 0) peak = Math.max(peak, rssMb(false))
    }
  }
  if (name === 'small' || name === 'large') {
    const workerName = name === 'small' ? 'bench worker' : 'n'.repeat(BIG_NAME)
    await creates(CREATES, JSON.stringify({ name: workerName, destination: 'local' }))
    const after = rssMb()
    const stateStarted = performance.now()
    const res = await app.request('/__mock/state')
    const text = await res.text()
    const state = res.status === 200 ? JSON.parse(text) : undefined
    return {
      phase: name,
      creates: CREATES,
      nameLength: workerName.length,
      seconds: (performance.now() - started) / 1000,
      rssMb: { idle, peak: Math.max(peak, after), afterGc: after },
      heapMb: { idle: idleHeap, afterGc: heapMb() },
      state: {
        status: res.status,
        answerBytes: Buffer.byteLength(text),
        ms: performance.now() - stateStarted,
        workersKept: state?.stored?.workers ?? state?.workers?.length ?? null,
        bytesKept: state?.stored?.bytes ?? null,
      },
    }
  }
  const description = 'd'.repeat(JOURNAL_BODY)
  const query = `?q=${'q'.repeat(JOURNAL_QUERY)}`
  await creates(
    JOURNAL_FILL,
    JSON.stringify({ name: 'journal bench', destination: 'local', description }),
    query,
  )
  const full = rssMb()
  const fullHeap = heapMb()
  const readsStarted = performance.now()
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT_READS }, () => app.request('/__mock/requests')),
  )
  const bodies = await Promise.all(answers.map((res) => res.arrayBuffer()))
  const inFlight = rssMb(false)
  const readsMs = performance.now() - readsStarted
  const first = JSON.parse(new TextDecoder().decode(bodies[0]))
  const statuses = answers.map((res) => res.status)
  const answerBytes = bodies[0].byteLength
  bodies.length = 0
  // The whole journal, following `next` (one page when the mock does not paginate).
  const walkStarted = performance.now()
  let pages = 0
  let entries = 0
  let largestPage = 0
  let after = null
  for (; pages < MAX_PAGES; ) {
    const res = await app.request(`/__mock/requests${after === null ? '' : `?after=${after}`}`)
    const bytes = await res.arrayBuffer()
    const page = JSON.parse(new TextDecoder().decode(bytes))
    pages++
    entries += page.entries.length
    largestPage = Math.max(largestPage, bytes.byteLength)
    after = page.next ?? null
    if (after === null) break
  }
  return {
    phase: name,
    creates: JOURNAL_FILL,
    seconds: (performance.now() - started) / 1000,
    rssMb: { idle, full, inFlight },
    heapMb: { idle: idleHeap, full: fullHeap },
    reads: {
      concurrent: CONCURRENT_READS,
      statuses,
      answerBytes,
      entriesPerAnswer: first.entries.length,
      ms: readsMs,
    },
    walk: { pages, entries, largestPage, ms: performance.now() - walkStarted },
  }
}

const runPhase = (name) =>
  new Promise((resolve, reject) => {
    const child = spawn('node', ['--expose-gc', 'bench/byte-bounds.mjs', name], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} phase exited ${code}`)),
    )
  })

const [name] = process.argv.slice(2)
if (name === undefined) {
  const result = {}
  for (const phaseName of ['small', 'large', 'journal'])
    result[phaseName] = await runPhase(phaseName)
  process.stdout.write(`${JSON.stringify(result)}\n`)
} else {
  process.stdout.write(`${JSON.stringify(await phase(name))}\n`)
}
