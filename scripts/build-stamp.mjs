// The build's stamp: which sources dist/ was built from, so `npm start` (scripts/start.mjs) starts
// at once when dist/ is fresh and builds only when it is missing or stale. `npm run build` runs
// `begin` first (the digest of its inputs, held aside, and any old stamp removed) and `end` last
// (the digest becomes the stamp): a build that failed, or sources edited since the build began,
// leave dist/ stale.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the build reads, from the project root: folders whole, and the files at the root. */
const INPUT_FOLDERS = ['src', 'scripts', 'assets']
const INPUT_FILES = /^(package\.json|package-lock\.json|tsconfig.*\.json)$/

const STAMP = 'dist/build-stamp.json'
const PENDING = 'dist/build-stamp.pending.json'

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )

/** A digest of every input's path and bytes: the same sources give the same digest, on any clock. */
const inputsDigest = (root) => {
  const files = [
    ...readdirSync(root)
      .filter((name) => INPUT_FILES.test(name))
      .map((name) => join(root, name)),
    ...INPUT_FOLDERS.map((folder) => join(root, folder))
      .filter((dir) => existsSync(dir) && statSync(dir).isDirectory())
      .flatMap(filesUnder),
  ]
  const hash = createHash('sha256')
  for (const file of files.map((path) => relative(root, path).split('\\').join('/')).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** Whether dist/ under `root` was built, whole, from the sources there now. */
export const isBuildFresh = (root) => {
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8')).inputs === inputsDigest(root)
  } catch {
    return false
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const step = process.argv[2]
  if (step === 'begin') {
    mkdirSync(join(root, 'dist'), { recursive: true })
    rmSync(join(root, STAMP), { force: true })
    writeFileSync(join(root, PENDING), `${JSON.stringify({ inputs: inputsDigest(root) })}\n`)
  } else if (step === 'end') {
    renameSync(join(root, PENDING), join(root, STAMP))
  } else {
    process.stderr.write('[worker-api-kit] build-stamp: say `begin` or `end`.\n')
    process.exitCode = 2
  }
}
