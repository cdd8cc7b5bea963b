import { variant } from '../wrap-mock.js'

// spec §7: error codes and bodies not shown; 422 { message } instead of 400 problem+json.
export default variant('invalid input answers 422 { "message": "bad" } as application/json', {
  after: (response) =>
    response.status === 400 ? Response.json({ message: 'bad' }, { status: 422 }) : response,
})
