// The mock's face for the other layers: the proxy's `--fallback` (the mock app), its recording
// (a scenario, within a scenario file's bounds) and the MSW handlers (the app, its saved state).
// Everything else under src/mock is its own business.
export { createMockApp, type MockApp, type MockAppOptions } from './app.js'
export { loadState, saveState } from './saved-state.js'
export {
  EMPTY_STATE,
  MAX_SEED_WORKERS,
  Scenario,
  type ScenarioInput,
  SeedLlmProviderFields,
  SeedWorker,
} from './scenario.js'
export { MAX_SCENARIO_FILE_BYTES } from './scenario-registry.js'
