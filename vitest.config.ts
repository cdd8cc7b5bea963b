import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * The tiers (README, "Tests"): one project each, and `npm run test:<tier>` runs one alone.
 * - unit: everything in this process (no browser, no pack, no toolchain, no spawned binary, no
 *   judge matrix): the inner loop, under a minute on 2 cores;
 * - matrix: the judge's and the proxy's matrices, every broken and legal server of test/servers;
 * - process: the CLI and the packed kit spawned, the toolchains (bundlers, Jest, Playwright), the
 *   scripts and the lockfile;
 * - browser: Debian's Chromium against the mock, the dashboard and MSW;
 * and the type tests, `types`, which `npm test` leaves to its typecheck.
 */
const MATRIX = ['test/contract/judge-*.test.ts', 'test/proxy/proxy-matrix-*.test.ts']
const BROWSER = ['test/browser/**/*.test.ts']
const PROCESS = [
  'test/cli/**/*.test.ts',
  'test/toolchains/**/*.test.ts',
  'test/generated-modules.test.ts',
  'test/lockfile.test.ts',
  'test/readme-snippet-resolution.test.ts',
  'test/mock/dashboard-client.test.ts',
  'test/mock/use-test-session.test.ts',
]
const ALL = ['test/**/*.test.ts']

export default defineConfig({
  test: {
    // CLI tests spawn the built bin; one fork per core keeps a 2-core CI machine responsive.
    // Vitest's own default is one fewer than the cores in a run: one fork on a 2-core machine,
    // where the judge matrix and the proxy's then ran one after the other.
    pool: 'forks',
    maxWorkers: availableParallelism(),
    // A fork runs file after file with the modules it has loaded, warm: a fresh process per file
    // cost each of the 140 files its own start, imports and JIT warm-up (a contract run costs
    // ten times more CPU cold than warm). So no test may lean on a fresh module: a second run
    // in one process must do what a first does, which is what a user's long-lived process needs
    // too (describeContract in a watch run, the proxy judging all day).
    isolate: false,
    // One Chromium for the run, and one pack and install of the kit, each made when the first
    // test file asks for it.
    globalSetup: ['test/helpers/shared-chromium.ts', 'test/helpers/packed-kit.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ALL, exclude: [...MATRIX, ...BROWSER, ...PROCESS] },
      },
      { extends: true, test: { name: 'matrix', include: MATRIX } },
      { extends: true, test: { name: 'process', include: PROCESS } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      // Type tests (expectTypeOf, @ts-expect-error): `npm run test:types` alone; `npm test`'s
      // typecheck (tsc) checks the same files.
      {
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/types/**/*.test-d.ts'],
            tsconfig: 'tsconfig.json',
          },
        },
      },
    ],
  },
})
