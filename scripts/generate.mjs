// Writes the generated modules of src/ (data the mock imports instead of reading files or a whole
// faker locale at run time), or with --check fails when one differs from what it would write.
// Each module is formatted by Biome, as the rest of src/ is.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { FAKER_POOLS_MODULE, renderFakerPools } from './render-faker-pools.mjs'
import { renderShippedScenarios, SHIPPED_SCENARIOS_MODULE } from './render-shipped-scenarios.mjs'

const MODULES = [
  { path: SHIPPED_SCENARIOS_MODULE, render: renderShippedScenarios },
  { path: FAKER_POOLS_MODULE, render: renderFakerPools },
]

const format = (path, text) => {
  const biome = spawnSync('node_modules/.bin/biome', ['format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (biome.status !== 0)
    throw new Error(`[worker-api-kit] biome cannot format ${path}: ${biome.stderr}`)
  return biome.stdout
}

const read = (path) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

const isCheck = process.argv.includes('--check')
const stale = []
for (const { path, render } of MODULES) {
  const text = format(path, await render())
  if (read(path) === text) continue
  if (isCheck) stale.push(path)
  else {
    writeFileSync(path, text)
    console.log(`wrote ${path}`)
  }
}
if (stale.length > 0) {
  console.error(
    `[worker-api-kit] stale: ${stale.join(', ')}; run \`npm run generate\` and commit the result.`,
  )
  process.exit(1)
}
