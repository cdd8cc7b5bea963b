import { jsonPointer } from '../../common/json-pointer.js'

/** Where a validation target lives in the request, as the root of a JSON pointer. */
export const TARGET_ROOT = {
  json: '/body',
  param: '/params',
  header: '/headers',
  query: '/query',
} as const
export type ValidationTarget = keyof typeof TARGET_ROOT

/** A JSON pointer into the request, e.g. `/body/modelIds/0` or `/params/id`. */
export const toPointer = (target: ValidationTarget, path: readonly PropertyKey[]): string =>
  `${TARGET_ROOT[target]}${jsonPointer(path)}`
