import type { Field, ValueClass } from './value-class.js'

const SPEC_ENUMS = '§4.1 (source), §4.2 (destination)'

/** The values of an enum field that a run may send. */
const allowedOf = (field: Field) =>
  (field.schema.enum ?? []).filter((value): value is string => typeof value === 'string')

/** `local` → `LOCAL` and `Local`: the same word in another case. */
const otherCases = (value: string) =>
  [...new Set([value.toUpperCase(), value.charAt(0).toUpperCase() + value.slice(1)])].filter(
    (other) => other !== value,
  )

export const ENUM_CLASSES: readonly ValueClass[] = [
  {
    id: 'enum/each',
    keyword: 'enum',
    title: 'each allowed value',
    expect: 'accept',
    why: 'every value the spec lists is allowed (cloud workers only with --allow-cloud: they may provision machines)',
    spec: SPEC_ENUMS,
    values: (field) => allowedOf(field).map((value) => ({ value, label: value })),
  },
  {
    id: 'enum/other-case',
    keyword: 'enum',
    title: 'an allowed value in another letter case',
    expect: 'reject',
    breaks: 'enum',
    why: 'the spec lists the values exactly; `LOCAL` is not one of them',
    spec: SPEC_ENUMS,
    values: (field) =>
      allowedOf(field).flatMap((value) => otherCases(value).map((other) => ({ value: other }))),
  },
  {
    id: 'enum/padded',
    keyword: 'enum',
    title: 'an allowed value with a space before it, and one with a space after it',
    expect: 'reject',
    breaks: 'enum',
    why: 'the spec lists the values exactly; a server that trims before it compares accepts what is not one of them',
    spec: SPEC_ENUMS,
    values: (field) =>
      allowedOf(field).flatMap((value) => [{ value: ` ${value}` }, { value: `${value} ` }]),
  },
  {
    id: 'enum/separator',
    keyword: 'enum',
    title: 'an allowed value with its separator swapped (`models-dev`)',
    expect: 'reject',
    breaks: 'enum',
    why: 'the spec lists the values exactly; a server that folds `-` and `_` accepts what is not one of them',
    spec: SPEC_ENUMS,
    values: (field) =>
      allowedOf(field).flatMap((value) => {
        const swapped = value.replace(/[-_]/g, (s) => (s === '-' ? '_' : '-'))
        return swapped === value ? [] : [{ value: swapped }]
      }),
  },
  {
    id: 'enum/outside',
    keyword: 'enum',
    title: 'a value outside the list, made from it',
    expect: 'reject',
    breaks: 'enum',
    why: 'only the listed values are allowed',
    spec: SPEC_ENUMS,
    values: (field) => {
      const values = allowedOf(field)
      return values.length === 0 ? [] : [{ value: `${values.join('-')}-invalid` }]
    },
  },
  {
    id: 'enum/empty',
    keyword: 'enum',
    title: 'the empty string',
    expect: 'reject',
    breaks: 'enum',
    why: 'the empty string is not a listed value',
    spec: SPEC_ENUMS,
    values: (field) => (allowedOf(field).length === 0 ? [] : [{ value: '' }]),
  },
  {
    id: 'enum/unicode-escapes',
    keyword: 'enum',
    title: 'an allowed value written as \\u escapes',
    expect: 'accept',
    why: 'the same JSON string in other bytes: a server that compares the raw text refuses it',
    spec: `${SPEC_ENUMS}, §1 (bodies are JSON)`,
    values: (field) => {
      const value = allowedOf(field).find((v) => field.withheld(v) === undefined)
      return value === undefined ? [] : [{ value, escaped: 'all' }]
    },
  },
]
