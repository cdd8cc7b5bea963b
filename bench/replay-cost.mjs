// What `contract --replay` costs per recorded exchange, in-process, as a ratio against a baseline
// in the same run: the same requests sent to a fresh mock with no judging (what the app's own
// calls cost). A session of 100 creates, each renamed twice (300 exchanges), recorded from the mock.
// Usage: npm run build && node bench/replay-cost.mjs [ROUNDS]  → per round, then the medians
import { createMockApp, replayRecording } from '../dist/src/index.js'

const ROUNDS = Number(process.argv[2] ?? 5)
const WORKERS = 100
const json = { 'content-type': 'application/json' }

/** The session, recorded: its HAR, and the requests as the app sent them. */
const record = async () => {
  const app = createMockApp()
  const sent = []
  const call = async (method, path, body, renames) => {
    sent.push({ method, path, body: JSON.stringify(body), renames })
    return (await app.request(path, { method, headers: json, body: JSON.stringify(body) })).json()
  }
  for (let i = 0; i < WORKERS; i++) {
    const { worker } = await call('POST', '/v1/workers', { name: `w${i}`, destination: 'local' })
    await call('PATCH', `/v1/workers/${worker.id}`, { name: `w${i} renamed` }, worker.id)
    await call('PATCH', `/v1/workers/${worker.id}`, { name: `w${i} again` }, worker.id)
  }
  return { har: await (await app.request('/__mock/requests.har')).json(), sent }
}

const cpuOf = async (work) => {
  const started = process.cpuUsage()
  await work()
  const cpu = process.cpuUsage(started)
  return (cpu.user + cpu.system) / 1000
}

const { har, sent } = await record()
const exchanges = sent.length

/** The baseline: the app's requests against a fresh mock, ids carried by hand, nothing judged. */
const bare = async () => {
  const app = createMockApp()
  let created
  for (const { method, path, body, renames } of sent) {
    const target = renames === undefined ? path : `/v1/workers/${created}`
    const answer = await (await app.request(target, { method, headers: json, body })).json()
    if (method === 'POST') created = answer.worker.id
  }
}

const replay = async () => {
  const app = createMockApp()
  const report = await replayRecording({
    baseUrl: 'http://replay.test',
    har,
    fetch: async (input, init) => app.request(input, init),
    maxCreates: WORKERS,
  })
  const failed = report.exchanges.filter((e) => e.outcome !== 'passed').length
  if (failed > 0) throw new Error(`${failed} exchanges did not pass`)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
await bare()
await replay() // warm-up: module loading and JIT, not counted
const rounds = []
for (let i = 0; i < ROUNDS; i++) {
  const bareMs = await cpuOf(bare)
  const replayMs = await cpuOf(replay)
  rounds.push({ bareMs, replayMs })
  console.log(
    `round ${i + 1}: bare ${bareMs.toFixed(0)} ms CPU, replay ${replayMs.toFixed(0)} ms CPU (${exchanges} exchanges)`,
  )
}
const bareMs = median(rounds.map((r) => r.bareMs))
const replayMs = median(rounds.map((r) => r.replayMs))
console.log(
  `median: replay ${(replayMs / exchanges).toFixed(2)} ms CPU an exchange, ${(replayMs / bareMs).toFixed(1)}× the bare requests (${(bareMs / exchanges).toFixed(2)} ms)`,
)
