// `npm run bench:full`'s measures beyond CPU per request (about ten minutes): a million creates
// in-process (RSS after GC every 10 %), the byte bounds (1 MB creates, concurrent journal reads),
// and the contract CLI's own cost at `--runs 10 / 100 / 1000`. Each runs in its own process.
import { spawn } from 'node:child_process'

/** A bench script's one JSON line. */
const runJson = (args, name) =>
  new Promise((resolve, reject) => {
    const child = spawn('node', args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} bench exited ${code}`)),
    )
  })

export const runExtras = async () => {
  const contractCost = await runJson(['bench/contract-cost.mjs', '4740'], 'contract cost')
  const creates = Number(process.env.BENCH_CREATES ?? 1_000_000)
  const memory = await runJson(['--expose-gc', 'bench/memory.mjs', String(creates)], 'memory')
  const bytes = await runJson(['bench/byte-bounds.mjs'], 'byte-bounds')
  const largeHeapOverSmallMb = bytes.large.heapMb.afterGc - bytes.small.heapMb.afterGc
  return {
    result: { memory, bytes, contractCost },
    targets: {
      // the live heap that 1 500 creates of 1 MB names add over 1 500 small ones: the session's
      // 8 MiB budget, and as much again for what the budget does not count
      largeCreatesHeapOverSmallMb: {
        target: 16,
        value: largeHeapOverSmallMb,
        met: largeHeapOverSmallMb < 16,
      },
      stateStatusAfterLargeCreates: {
        target: 200,
        value: bytes.large.state.status,
        met: bytes.large.state.status === 200,
      },
      journalAnswerMb: {
        target: 1,
        value: bytes.journal.reads.answerBytes / 2 ** 20,
        met: bytes.journal.reads.answerBytes <= 2 ** 20,
      },
    },
    print: (f0) => {
      for (const c of contractCost)
        console.log(
          `contract --runs ${c.runs}: ${c.requests} requests, ${f0(c.wallMs)} ms wall, ${f0(c.cpuMs)} ms CPU, peak RSS ${f0(c.peakRssMb)} MB (exit ${c.exitCode})`,
        )
      const memoryLine = memory.samples.map((m) => `${m.creates / 1000}k ${f0(m.rssMb)}`).join(', ')
      console.log(
        `memory: ${memory.creates} creates in-process in ${f0(memory.seconds)} s, ${memory.workersKept} workers kept; RSS MB after GC at ${memoryLine}`,
      )
      const { small, large, journal } = bytes
      console.log(
        `bytes, ${large.creates} creates in-process: ${small.nameLength}-character names RSS ${f0(small.rssMb.afterGc)} MB, heap ${f0(small.heapMb.afterGc)} MB; ${large.nameLength}-character names RSS ${f0(large.rssMb.afterGc)} MB (peak ${f0(large.rssMb.peak)}), heap ${f0(large.heapMb.afterGc)} MB, ${large.state.workersKept} workers kept (${f0(large.state.bytesKept / 2 ** 20)} MiB); GET /__mock/state ${large.state.status}, ${f0(large.state.answerBytes / 1024)} KB (${f0(large.seconds)} s)`,
      )
      console.log(
        `journal, ${journal.creates} creates with 60 000-character bodies and 8 000-character queries: RSS ${f0(journal.rssMb.full)} MB, heap ${f0(journal.heapMb.full)} MB; ${journal.reads.concurrent} GET /__mock/requests at once: RSS ${f0(journal.rssMb.inFlight)} MB, ${f0(journal.reads.answerBytes / 1024)} KB and ${journal.reads.entriesPerAnswer} entries each; the whole journal: ${journal.walk.entries} entries in ${journal.walk.pages} pages (${f0(journal.seconds)} s)`,
      )
    },
  }
}
