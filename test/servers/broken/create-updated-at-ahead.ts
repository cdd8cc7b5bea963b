import { broken, getAt, updateAt } from '../wrap-mock.js'

const ONE_HOUR_MS = 60 * 60 * 1000

// A create stamps updatedAt from a clock an hour ahead; a rename, from the right clock, then
// answers an updatedAt before the one the worker had.
export default broken(
  {
    breaks: 'rename-updated-at-not-earlier',
    spec: '§2.2, §4.3',
    description: 'a create answers updatedAt an hour after createdAt, so the rename moves it back',
  },
  {
    success: {
      createWorker: (body) =>
        updateAt(body, ['worker', 'updatedAt'], () =>
          new Date(
            Date.parse(String(getAt(body, ['worker', 'createdAt']))) + ONE_HOUR_MS,
          ).toISOString(),
        ),
    },
  },
)
