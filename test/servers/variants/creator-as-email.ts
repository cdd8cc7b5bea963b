import { updateAt, variant } from '../wrap-mock.js'

/** The creator's id as this server writes it: an email address, not a TypeID. */
const EMAIL = 'dev@example.com'

const withEmail = (body: unknown) => updateAt(body, ['worker', 'createdByUserId'], () => EMAIL)

// spec §2.2: createdByUserId is a string, no TypeID shown; isMine stays true for the creator.
export default variant('createdByUserId is an email address (isMine true)', {
  success: { createWorker: withEmail, updateWorker: withEmail },
})
