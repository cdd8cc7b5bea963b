// Writes the catalogue's table into docs/CATALOGUE.md (between its markers), or with --check fails
// when the document differs from the code. Reads the built package: run after `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs'
import { renderCatalogueTable } from '../dist/src/contract/catalogue/index.js'

const CATALOGUE_DOC = 'docs/CATALOGUE.md'
const START = '<!-- catalogue:start -->'
const END = '<!-- catalogue:end -->'

const text = readFileSync(CATALOGUE_DOC, 'utf8')
const [before, rest] = text.split(START)
const after = rest?.split(END)[1]
if (before === undefined || after === undefined) {
  console.error(`[worker-api-kit] ${CATALOGUE_DOC} has no ${START} … ${END} markers.`)
  process.exit(1)
}
const written = `${before}${START}\n${renderCatalogueTable()}\n${END}${after}`
if (process.argv.includes('--check')) {
  if (written !== text) {
    console.error(
      `[worker-api-kit] ${CATALOGUE_DOC} is stale: run npm run build && node scripts/render-catalogue.mjs`,
    )
    process.exit(1)
  }
} else writeFileSync(CATALOGUE_DOC, written)
