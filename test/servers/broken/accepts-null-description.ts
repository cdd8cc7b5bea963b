import { broken, deleteAt, getAt } from '../wrap-mock.js'

// An ORM habit: null is read as "not given", so a null description is dropped instead of refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'type/other',
    spec: '§4.2 (description: string)',
    description: 'a create with description: null succeeds as if description were left out',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && getAt(request.json, ['description']) === null
        ? { json: deleteAt(request.json, ['description']) }
        : undefined,
  },
)
