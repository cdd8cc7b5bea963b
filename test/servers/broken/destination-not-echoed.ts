import { broken, getAt, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'create-echoes-input',
    spec: '§4.2',
    description: 'the created worker has the other destination: cloud when local was sent',
  },
  {
    success: {
      createWorker: (body, { request }) =>
        setAt(
          body,
          ['worker', 'destination'],
          getAt(request.json, ['destination']) === 'local' ? 'cloud' : 'local',
        ),
    },
  },
)
