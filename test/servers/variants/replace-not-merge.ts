import { getAt, setAt, variant } from '../wrap-mock.js'

/** The settings a PATCH sets, and what each becomes when it is left out. */
const CLEARED = {
  providerId: null,
  modelIds: [],
  customConfigText: null,
  memberIds: [],
  teamIds: [],
} as const

// spec §4.1: whether omitted fields are kept is not shown; this server clears them.
export default variant('an LLM provider update replaces the settings: omitted fields are cleared', {
  success: {
    updateLlmProvider: (body, { request }) =>
      Object.entries(CLEARED).reduce<unknown>(
        (next, [key, empty]) =>
          setAt(next, ['llmProvider', key], getAt(request.json, [key]) ?? empty),
        body,
      ),
  },
})
