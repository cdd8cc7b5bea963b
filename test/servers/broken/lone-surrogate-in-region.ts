import { broken, updateAt } from '../wrap-mock.js'

/** A label cut at a UTF-16 length: the high half of "🌍" (U+1F30D) is left alone. */
const withHalfEmoji = (value: unknown) => `${String(value)} ${'🌍'.slice(0, 1)}`

export default broken(
  {
    breaks: 'no-lone-surrogates',
    spec: '§intro (bodies are JSON); RFC 8259 §8.2 (unpaired surrogates)',
    description: 'instance.region ends with half an emoji, written as the escape \\ud83c',
  },
  {
    success: { createWorker: (body) => updateAt(body, ['instance', 'region'], withHalfEmoji) },
  },
)
