// `npm start`: the mock from dist/, built first only when dist/ is missing or was built from other
// sources than those here now (scripts/build-stamp.mjs); a fresh dist/ starts at once. Arguments
// go to `worker-api-kit mock` (`npm start -- --port 0`).
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const failure = buildIfStale(root)
if (failure !== undefined) {
  process.stderr.write(
    `[worker-api-kit] ${failure}; the mock was not started. Fix what it printed above and run npm start again.\n`,
  )
  process.exit(1)
}

// The mock in this process, as `node dist/bin/main.js mock …` runs it: its own signals and exit code.
const main = join(root, 'dist', 'bin', 'main.js')
process.argv = [process.argv[0] ?? process.execPath, main, 'mock', ...process.argv.slice(2)]
await import(pathToFileURL(main).href)
