import { broken, updateAt } from '../wrap-mock.js'

/** UTF-8 bytes read back as Latin-1: "Grüße" becomes "GrÃ¼ÃŸe" (mojibake). */
const doubleEncoded = (text: unknown) =>
  typeof text === 'string' ? Buffer.from(text, 'utf8').toString('latin1') : text

// A connection charset of latin1 in front of a utf8 column: renames come back double-encoded.
export default broken(
  {
    breaks: 'update-applies-name',
    spec: '§4.3',
    description: 'a rename answers with its non-ASCII name double-encoded ("GrÃ¼ÃŸe")',
  },
  { success: { updateWorker: (body) => updateAt(body, ['worker', 'name'], doubleEncoded) } },
)
