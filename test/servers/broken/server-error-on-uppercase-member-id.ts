import { broken, getAt } from '../wrap-mock.js'

/** The suffix of a TypeID (after its first underscore) holds a capital letter. */
const hasUpperSuffix = (id: unknown) =>
  typeof id === 'string' && id.includes('_') && /[A-Z]/.test(id.slice(id.indexOf('_') + 1))

// Decodes member and team ids with a lower-case-only base32 table: a capital letter indexes past
// it and throws, unhandled. Refusing or accepting them would both be fair; a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'id/suffix-case',
    spec: '§2.1, §4.1 (memberIds, teamIds: TypeIDs)',
    description: 'memberIds or teamIds with the suffix in capitals answer 500',
  },
  {
    before: (request) => {
      if (request.operationId !== 'updateLlmProvider') return undefined
      const ids = ['memberIds', 'teamIds'].flatMap((key) => {
        const value = getAt(request.json, [key])
        return Array.isArray(value) ? value : []
      })
      return ids.some(hasUpperSuffix)
        ? new Response('Internal Server Error: invalid base32 character', { status: 500 })
        : undefined
    },
  },
)
