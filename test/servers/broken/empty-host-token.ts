import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'tokens-not-empty',
    spec: '§2.3',
    description: 'a create answers tokens.host as an empty string',
  },
  { success: { createWorker: (body) => updateAt(body, ['tokens', 'host'], () => '') } },
)
