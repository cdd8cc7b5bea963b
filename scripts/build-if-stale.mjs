// Builds dist/ (`npm run build`) only when it is missing or was built from other sources than those
// here now (scripts/build-stamp.mjs). `npm start` starts at once on a fresh dist/; `npm test` skips
// a second build in CI, where the Node 22/24 checks have just built the same sources.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { isBuildFresh } from './build-stamp.mjs'

/**
 * Builds `root`'s dist/ when stale, saying so on stderr first; resolves to the build's failure (a
 * line to print) or undefined when dist/ is fresh or was built.
 */
export const buildIfStale = (root) => {
  if (isBuildFresh(root)) return undefined
  process.stderr.write(
    '[worker-api-kit] dist/ is missing or older than its sources: building it (npm run build).\n',
  )
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  return build.status === 0
    ? undefined
    : `the build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failure = buildIfStale(fileURLToPath(new URL('..', import.meta.url)))
  if (failure !== undefined) {
    process.stderr.write(
      `[worker-api-kit] ${failure}. Fix what it printed above and run it again.\n`,
    )
    process.exit(1)
  }
}
