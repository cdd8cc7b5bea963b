import { TypeID } from 'typeid-js'
import { jsonPointer } from '../../common/json-pointer.js'
import { ALL_OPERATIONS, fail, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from '../json-schema.js'
import type { Path } from '../limits.js'
import { successOf } from '../success-schema.js'
import { field } from './json-object.js'

/** Every id field of the response schema (a `^prefix_.*` pattern) with its path. */
const idFields = (schema: JsonSchema, at: Path = []): { path: Path; prefix: string }[] => {
  const prefix = literalPrefixOf(schema.pattern)
  if (schema.type === 'string' && prefix?.endsWith('_'))
    return [{ path: at, prefix: prefix.slice(0, -1) }]
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
    idFields(property, [...at, key]),
  )
}

export const strictTypeIds = defineCheck({
  id: 'strict-typeids',
  title: 'Ids in success bodies are valid TypeIDs, not just the right prefix and length',
  spec: '§2.1 (TypeID), checked in full',
  severity: 'error',
  profile: 'strict',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'json-success' },
  run: ({ response, case: c }) => {
    for (const { path, prefix } of idFields(jsonSchemaOf(successOf(c.operationId).schema))) {
      const value = path.reduce<unknown>((at, key) => field(at, String(key)), response.json)
      if (typeof value !== 'string') continue
      try {
        TypeID.fromString(value, prefix)
      } catch {
        return fail(`${quote(value)} is not a valid ${prefix} TypeID`, jsonPointer(path))
      }
    }
    return pass()
  },
})
