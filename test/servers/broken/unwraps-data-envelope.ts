import { broken, isObject } from '../wrap-mock.js'

// A middleware that unwraps a JSON:API-style envelope: a body whose one property is `data`, an
// object, is taken for that object. `{"worker": {…}}` is not unwrapped; `{"data": {…}}` is.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'required/wrapped',
    spec: '§4 (the required fields stand at the top of the body)',
    description: 'a body wrapped under "data" is unwrapped and accepted',
  },
  {
    before: (request) => {
      const { json } = request
      return isObject(json) && Object.keys(json).length === 1 && isObject(json['data'])
        ? { json: json['data'] }
        : undefined
    },
  },
)
