import { broken } from '../wrap-mock.js'

// Checks the kind with startsWith('wrk') (the pattern's underscore forgotten), then splits the id
// at "_" and decodes the second part: with no underscore it is undefined and the decoder throws.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pattern/no-underscore',
    spec: '§4.3 (path id: pattern ^wrk_.*)',
    description: 'a rename under "wrk" and no underscore answers 500',
  },
  {
    before: (request) => {
      const id = request.params['id']
      return request.operationId === 'updateWorker' && id?.startsWith('wrk') && !id.includes('_')
        ? new Response("TypeError: Cannot read properties of undefined (reading 'length')", {
            status: 500,
          })
        : undefined
    },
  },
)
