import { defineCheck } from '../define-check.js'
import { isMineVerdict } from './created-is-mine.js'

/**
 * The worker a run renames is the one it created (the same caller): still the caller's own after
 * the rename (spec §2.2, §4.3: a rename changes the name alone). A warning, as `created-is-mine`
 * is: who the caller is, the spec does not say. Not judged from traffic, where the caller who
 * renames may not be the one who created.
 */
export const renamedIsMine = defineCheck({
  id: 'renamed-is-mine',
  title: 'A worker the caller created is still the caller’s own after the caller renames it',
  spec: '§2.2, §4.3',
  severity: 'warning',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success' },
  run: ({ response }) => isMineVerdict(response.json, 'created and renamed'),
})
