// The mock's face for the other layers: the proxy's `--fallback` (the mock app), its recording
// (a scenario, within a scenario file's bounds, built here: a HAR file is read into one too) and
// the MSW handlers (the app, its saved state).
// Everything else under src/mock is its own business.
export { createMockApp, type MockApp, type MockAppOptions } from './app.js'
export { isMockedRequest, MOCKED_ROUTES } from './mocked-routes.js'
export { createRecording, isRecording, type Recording } from './recording.js'
/**
 * The saved state's reader and writer (saved-state.ts: `loadState`, `saveState`), loaded when a
 * keeper asks for them: a page whose mock keeps no state carries neither.
 */
export const savedStateCodec = () => import('./saved-state.js')
export { Scenario, type ScenarioInput } from './scenario.js'
export { MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'
