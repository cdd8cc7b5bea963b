/**
 * The package root under the `browser` and `require` conditions (dist/cjs/browser.cjs): the
 * browser build (browser.ts) for a CommonJS runtime that asks for `browser`. In practice that is
 * Jest's `jsdom` environment, whose `customExportConditions` are `['browser']` (React Testing
 * Library's default setup). There a name only Node's root has (`createMockApp`, `useTestSession`,
 * `startMockServer`…) was `undefined`, and a test failed with "createMockApp is not a function";
 * here reading it throws one line that names the fix. scripts/bundle-cjs.mjs ends the bundle with
 * `module.exports = browserRequire(<the Node root's names>)`, read from the Node build itself.
 */
import * as browser from './browser.js'

/**
 * Node's globals the mock needs (fetch's classes, text coding, streams) that plain jsdom takes
 * away (jest-environment-jsdom 30: jsdom 26 has none of them; jest-fixed-jsdom puts them back).
 */
const MOCK_GLOBALS = [
  'Request',
  'Response',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
] as const

/** The line for `name`, a name of Node's root that the browser build does not have. */
export const nodeOnlyMessage = (name: string, scope: object = globalThis): string => {
  const missing = MOCK_GLOBALS.filter((global) => !(global in scope))
  if (missing.length === 0)
    return `[worker-api-kit] ${name} runs on Node and this is the browser build (the 'browser' export condition): in a page the mock runs through worker-api-kit/msw.`
  return `[worker-api-kit] ${name} is not in the browser build that Jest's jsdom environment loads (customExportConditions: ['browser']), and jsdom has no ${missing.join(', ')} for the mock: set testEnvironment: 'jest-fixed-jsdom' (npm i -D jest-fixed-jsdom), or 'node'.`
}

/**
 * The browser build's exports, and for each of `nodeRootNames` it lacks a getter that throws
 * `nodeOnlyMessage`. The getters are not enumerable: a spread, `Object.keys` or a namespace
 * import copies the browser build's names only.
 */
export const browserRequire = (nodeRootNames: readonly string[]): object => {
  const kit: object = { ...browser }
  // Read as an ES module's exports by TypeScript's and Babel's interop, as esbuild marks them.
  Object.defineProperty(kit, '__esModule', { value: true })
  for (const name of nodeRootNames) {
    if (name in kit) continue
    Object.defineProperty(kit, name, {
      enumerable: false,
      get: () => {
        throw new Error(nodeOnlyMessage(name))
      },
    })
  }
  return kit
}
