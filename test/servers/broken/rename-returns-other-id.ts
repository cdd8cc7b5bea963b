import { typeid } from 'typeid-js'
import { broken, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'update-applies-name',
    spec: '§4.3',
    description: 'a rename answers with a worker of another (well-formed) id',
  },
  {
    success: {
      updateWorker: (body) => setAt(body, ['worker', 'id'], typeid('wrk').toString()),
    },
  },
)
