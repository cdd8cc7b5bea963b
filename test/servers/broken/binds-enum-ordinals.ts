import { broken, getAt, setAt } from '../wrap-mock.js'

/** The enums' members in their declared order, as ASP.NET Core and Jackson number them. */
const MEMBERS: Readonly<Record<string, readonly string[]>> = {
  destination: ['local', 'cloud'],
  source: ['models_dev', 'custom'],
}

// System.Text.Json and Jackson bind an integer to an enum by its position unless told not to.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'type/other',
    spec: '§4.1, §4.2 (destination and source are strings of their enums)',
    description: 'an enum given as its ordinal (destination 0) succeeds as its first member',
  },
  {
    before: (request) => {
      for (const [field, members] of Object.entries(MEMBERS)) {
        const value = getAt(request.json, [field])
        if (typeof value === 'number' && members[value] !== undefined)
          return { json: setAt(request.json, [field], members[value]) }
      }
      return undefined
    },
  },
)
