// How `worker-api-kit/msw` is bundled for browsers (dist/browser, the `browser` condition of the
// `./msw` export): scripts/bundle-browser.mjs writes it; test/browser-bundle.test.ts measures it
// and runs it without Node's globals. One set of options for both.
import { dirname, join } from 'node:path'

/**
 * zod's `z` namespace re-exports all 64 of its locales (`z.locales`, `z.core.locales`; 265 kB
 * minified), and @hono/zod-openapi passes `z` around as a value, so no bundler can drop the 63
 * that nothing reads. The kit's copy of zod keeps English, its default: zod registers `en` on
 * its first schema, and the kit never calls `z.config` with another locale.
 */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    let isApplied = false
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) => {
      if (!/[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer)) return undefined
      isApplied = true
      return { path: join(dirname(importer), '../locales'), namespace: 'zod-english-only' }
    })
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, ({ path }) => ({
      contents: "export { default as en } from './en.js'",
      resolveDir: path,
    }))
    build.onEnd((result) => {
      if (result.errors.length === 0 && !isApplied) {
        result.errors.push({
          text: "zod's locales moved: update zodEnglishOnly in scripts/browser-build-options.mjs",
        })
      }
    })
  },
}

/**
 * A page reads no file: the mock's scenario-file reader (src/mock/scenario-file.ts: the file
 * reader and the HAR reader) is replaced by its browser twin, which refuses a path as the Node one
 * does off Node. About 7 kB of the page's start-up.
 */
const noFilesInPages = {
  name: 'no-files-in-pages',
  setup(build) {
    build.onResolve({ filter: /^\.\/scenario-file\.js$/ }, ({ importer }) =>
      /[\\/]src[\\/]mock[\\/]/.test(importer)
        ? { path: join(dirname(importer), 'scenario-file-in-browser.ts') }
        : undefined,
    )
    // No dashboard in a page: nothing replays, nothing reads where the journal masked (1.3 kB).
    build.onResolve({ filter: /^\.\.\/replay-secrets\.js$/ }, ({ importer }) =>
      /[\\/]src[\\/]mock[\\/]stages[\\/]/.test(importer)
        ? { path: join(dirname(importer), '..', 'replay-secrets-in-browser.ts') }
        : undefined,
    )
    // No node server in a page: no answer there is @hono/node-server's lightweight one, no body
    // comes on a socket, no built folder is on a disk (1.6 kB).
    build.onResolve(
      { filter: /^\.\.?\/(lightweight-body|drained-on-cancel|built-folder)\.js$/ },
      ({ path, importer }) =>
        /[\\/]src[\\/]server[\\/]/.test(importer)
          ? { path: join(dirname(importer), path.replace(/\.js$/, '-in-browser.ts')) }
          : undefined,
    )
    build.onResolve({ filter: /^\.\/masked-places\.js$/ }, ({ importer }) =>
      /[\\/]src[\\/]server[\\/]/.test(importer)
        ? { path: join(dirname(importer), 'masked-places-in-browser.ts') }
        : undefined,
    )
  },
}

/** esbuild options for the browser build of `src/msw/handlers.ts`; msw is the user's own. */
export const browserBuildOptions = () => ({
  entryPoints: { msw: 'src/msw/handlers.ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // The docs page and the document are imported on their first request: separate chunks, which
  // a user's bundler keeps out of the page's start-up as well.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: ['msw'],
  plugins: [zodEnglishOnly, noFilesInPages],
  logLevel: 'warning',
})
