import { broken } from '../wrap-mock.js'

// Newtonsoft.Json skips comments between tokens by default (a block comment, slash-star).
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '')

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'body/malformed',
    spec: '§1 (request bodies are JSON: RFC 8259 has no comments)',
    description: 'a body with a /* comment */ is read as JSON (Newtonsoft.Json skips comments)',
  },
  {
    before: (request) => {
      if (request.operationId === undefined || request.json !== undefined) return undefined
      try {
        return { json: JSON.parse(withoutComments(request.text)) }
      } catch {
        return undefined
      }
    },
  },
)
