import { getAt, setAt, variant } from '../wrap-mock.js'

const LISTS = ['modelIds', 'memberIds', 'teamIds']

// spec §4.1: no uniqueness is asked of the lists; a server that keeps them as sets stores a
// repeated item once and answers success.
export default variant('model, member and team ids are stored once each, as sets', {
  before: (request) => {
    if (request.operationId !== 'updateLlmProvider') return undefined
    let json = request.json
    for (const key of LISTS) {
      const list = getAt(json, [key])
      if (Array.isArray(list)) json = setAt(json, [key], [...new Set(list)])
    }
    return { json }
  },
})
