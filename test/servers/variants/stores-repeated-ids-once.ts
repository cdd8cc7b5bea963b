import { getAt, setAt, variant } from '../wrap-mock.js'

const LISTS = ['modelIds', 'memberIds', 'teamIds']
/** The lists' bound (spec §8): a longer list is left to the mock, which refuses it as sent. */
const MAX_CHECKED = 500

// spec §4.1: no uniqueness is asked of the lists; a server that keeps them as sets stores a
// repeated item once and answers success. It checks the list as sent first (501 items with a
// repeat are 501: refused), then stores the set.
export default variant('model, member and team ids are stored once each, as sets', {
  before: (request) => {
    if (request.operationId !== 'updateLlmProvider') return undefined
    let json = request.json
    for (const key of LISTS) {
      const list = getAt(json, [key])
      if (Array.isArray(list) && list.length <= MAX_CHECKED)
        json = setAt(json, [key], [...new Set(list)])
    }
    return { json }
  },
})
