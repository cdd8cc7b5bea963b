import { getAt, setAt, variant } from '../wrap-mock.js'

const VISIBLE = 4

// spec §2.6: provider fields not shown; the key comes back masked, never whole.
export default variant('the LLM provider shows its API key masked to the last four characters', {
  success: {
    updateLlmProvider: (body, { request }) => {
      const apiKey = getAt(request.json, ['apiKey'])
      return typeof apiKey === 'string' && apiKey.length > VISIBLE
        ? setAt(body, ['llmProvider', 'apiKey'], `••••${apiKey.slice(-VISIBLE)}`)
        : body
    },
  },
})
