import { broken, getAt, setAt } from '../wrap-mock.js'

// The spec does not forbid it: a warning in the default profile, a failure under --strict.
export default broken(
  {
    breaks: 'secret-not-echoed',
    spec: '§4.1',
    description: 'the LLM provider update answers with the apiKey that was sent',
  },
  {
    success: {
      updateLlmProvider: (body, { request }) => {
        const apiKey = getAt(request.json, ['apiKey'])
        return apiKey === undefined ? body : setAt(body, ['llmProvider', 'apiKey'], apiKey)
      },
    },
  },
)
