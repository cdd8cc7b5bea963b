import type { z } from '@hono/zod-openapi'
import { OPERATION_TABLE } from '../api/operation-table.js'
import type { OperationId } from '../api/operations.js'
import { holdsSecret, isSecretName, redactJson } from '../secrets/index.js'

// The journal's copy of an operation's answer, written beside the answer in one serialisation.
// Which fields are secrets is read once from the operation's success schema (the operation table)
// with the names `secrets/redact.ts` knows: a create's `tokens`. Each top-level field is written
// once; a field whose schema holds no secret name is shared by the answer and the copy, one that
// may hold one is masked as the journal always masked it (redactJson). No scan of the answer's
// text, no parse of it: it was a fifth of a create's CPU (bench/PROFILE.md).

/** Schema types that hold no field of their own (a secret field needs a name). */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'enum',
  'literal',
  'null',
  'date',
  'template_literal',
])
/** Wrappers whose inner schema says it all. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch'])

type SchemaDef = {
  readonly type: string
  readonly shape?: Readonly<Record<string, z.ZodType>>
  readonly catchall?: z.ZodType
  readonly element?: z.ZodType
  readonly innerType?: z.ZodType
}
const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def

/**
 * Whether a value of this schema may hold a secret-named field anywhere. What the schema does not
 * name (a loose object, a record, a union, a transform) may: it is masked as a whole.
 */
const mayHoldSecretField = (schema: z.ZodType): boolean => {
  const def = defOf(schema)
  if (LEAVES.has(def.type)) return false
  if (WRAPPERS.has(def.type) && def.innerType) return mayHoldSecretField(def.innerType)
  if (def.type === 'array' && def.element) return mayHoldSecretField(def.element)
  if (def.type !== 'object' || !def.shape) return true
  if (def.catchall && defOf(def.catchall).type !== 'never') return true
  return Object.entries(def.shape).some(
    ([name, field]) => isSecretName(name) || mayHoldSecretField(field),
  )
}

/** An answer's top-level fields: each one's name as JSON, and whether the copy masks it. */
type CopyPlan = ReadonlyMap<string, { readonly name: string; readonly masked: boolean }>

/** Only an object schema names its top-level fields; any other answer is journalled as before. */
const planOf = (schema: z.ZodType): CopyPlan | undefined => {
  const def = defOf(schema)
  if (def.type !== 'object' || !def.shape) return undefined
  if (def.catchall && defOf(def.catchall).type !== 'never') return undefined
  return new Map(
    Object.entries(def.shape).map(([name, field]) => [
      name,
      { name: JSON.stringify(name), masked: isSecretName(name) || mayHoldSecretField(field) },
    ]),
  )
}

const PLANS = new Map(
  OPERATION_TABLE.flatMap((entry) => {
    const plan = planOf(entry.success.schema)
    return plan ? [[entry.operationId, { status: entry.success.status, plan }] as const] : []
  }),
)

/**
 * An answer's text, the journal's copy of it with its secret fields masked, and the secrets those
 * fields hand out (a create's tokens), for the masker to know wherever they come back.
 */
export type JournalCopy = {
  readonly text: string
  readonly journalText: string
  readonly handedOut: readonly string[]
}

const NONE: readonly string[] = Object.freeze([])
/** Deeper than an answer of the API nests: past it, nothing more is collected. */
const MAX_HANDED_OUT_DEPTH = 8

/**
 * The strings the copy masked (each of a create's `tokens`), found by walking the value beside
 * its masked copy: no name tested again, no text scanned.
 */
const maskedValues = (value: unknown, copy: unknown, into: string[], depth = 0): void => {
  if (typeof value === 'string' && copy !== value) into.push(value)
  // A field masked whole is a string: none of its keys is there, every string under it was masked.
  else if (typeof value === 'object' && value !== null && depth <= MAX_HANDED_OUT_DEPTH)
    for (const key in value)
      maskedValues(Reflect.get(value, key), Reflect.get(Object(copy), key), into, depth + 1)
}

/**
 * An operation's success answer written as JSON, with the journal's copy beside it; undefined for
 * any other answer (another status, a field the schema does not name), which is written and
 * journalled as before.
 */
export const writeWithJournalCopy = (
  operationId: OperationId,
  status: number,
  value: unknown,
): JournalCopy | undefined => {
  const found = PLANS.get(operationId)
  if (!found || found.status !== status) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  let text = '{'
  let journalText = '{'
  const handedOut: string[] = []
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const planned = found.plan.get(key)
    if (planned === undefined) return undefined
    const field: unknown = Reflect.get(value, key)
    const written = JSON.stringify(field)
    if (written === undefined) continue // undefined, as JSON.stringify leaves it out
    const head = `${text.length > 1 ? ',' : ''}${planned.name}:`
    text += head + written
    if (!planned.masked) {
      journalText += head + written
      continue
    }
    // As the journal masks a parsed answer's top-level field: redactJson over that field alone,
    // when it masks anything (a provider's answer has no secret but may: its custom config).
    const alone = Object.fromEntries([[key, field]])
    if (!holdsSecret(alone)) {
      journalText += head + written
      continue
    }
    const masked: unknown = Reflect.get(Object(redactJson(alone)), key)
    const maskedText = JSON.stringify(masked)
    journalText += head + maskedText
    // Written as the answer is: nothing in it was masked (a provider without a key), none handed out.
    if (maskedText !== written) maskedValues(field, masked, handedOut)
  }
  return {
    text: `${text}}`,
    journalText: `${journalText}}`,
    handedOut: handedOut.length === 0 ? NONE : handedOut,
  }
}
