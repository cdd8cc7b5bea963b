/**
 * worker-api-kit in a browser: what the package root gives under the `browser` export condition
 * (Vite, esbuild's `platform: 'browser'`, webpack). The schemas with their inferred types and the
 * pieces of a scenario, so a form can validate with the API's own rules: no server, no Node
 * built-in, nothing that runs on import. The mock, the proxy and the contract suite are on Node
 * only (src/index.ts); in a page the mock runs through `worker-api-kit/msw`.
 * @example
 * ```ts
 * import { CreateWorkerBody } from 'worker-api-kit' // or 'worker-api-kit/schemas'
 * CreateWorkerBody.safeParse({ name: '', destination: 'local' }).success // false
 * ```
 */

export { DEFAULT_LIFECYCLE } from './mock/lifecycle.js'
export { defineScenario, type ScenarioInput } from './mock/scenario.js'
export * from './schemas/index.js'
