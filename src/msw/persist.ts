import { type MockApp, savedStateCodec } from '../mock/index.js'

/** The part of the Web Storage API the handlers use: `sessionStorage` and `localStorage` fit. */
type KeyValueStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Where the handlers keep the mock's state across a page reload. */
export type MswPersistOptions = {
  readonly storage: KeyValueStorage
  /** The storage key. Default `worker-api-kit`; give each mock of a page its own. */
  readonly key?: string
}

const DEFAULT_KEY = 'worker-api-kit'

/** The page's console is where a developer looks; one line per kind of trouble, never a secret. */
const warn = (message: string) => {
  // biome-ignore lint/suspicious/noConsole: the mock runs in the page; its console is the log
  console.warn(`[worker-api-kit] ${message}`)
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Restores the mock's sessions from `storage` (anything unreadable is ignored: the mock starts
 * afresh, with one warning) and answers the function that saves them after each request. What
 * is saved is each session's data in the form `PUT /__mock/state` takes, so the provider's API
 * key is never written, only whether one is set; a reset of every session removes the entry.
 */
export const persistMock = async (
  app: MockApp,
  { storage, key = DEFAULT_KEY }: MswPersistOptions,
): Promise<() => void> => {
  const { loadState, saveState } = await savedStateCodec()
  let last: string | null = null
  try {
    last = storage.getItem(key)
    const failure = last === null ? null : loadState(app.control, JSON.parse(last))
    if (failure !== null) {
      last = null
      warn(`ignored the saved mock state in storage key "${key}": ${failure}. It starts afresh.`)
    }
  } catch (error) {
    last = null
    app.control.sessions.clear()
    warn(
      `could not read the saved mock state in storage key "${key}" (${reasonOf(error)}). It starts afresh.`,
    )
  }
  let hasWarnedOnSave = false
  return () => {
    try {
      const saved = saveState(app.control, app.scenario())
      const text = saved === undefined ? null : JSON.stringify(saved)
      if (text === last) return
      if (text === null) storage.removeItem(key)
      else storage.setItem(key, text)
      last = text
    } catch (error) {
      // A full storage (quota) costs the next reload its state, never this request its answer.
      if (hasWarnedOnSave) return
      hasWarnedOnSave = true
      warn(
        `could not save the mock state to storage key "${key}" (${reasonOf(error)}); a reload will not keep it. Free some storage or pass another one.`,
      )
    }
  }
}
