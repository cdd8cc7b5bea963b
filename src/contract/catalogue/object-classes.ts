import { withValueAt } from '../limits.js'
import type { ClassValue, Field, ValueClass } from './value-class.js'

/** A property no schema of the API names, with a plain value. */
const UNKNOWN_PROPERTY = 'wakUnknownProperty'

/** The object without one property. */
const without = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([name]) => name !== key))
    : value

const isBody = (field: Field) => !field.isParam && field.path.length === 0

/** A key in another letter case: `name` → `Name`. */
const otherCase = (key: string) => `${key.charAt(0).toUpperCase()}${key.slice(1)}`

/**
 * The resource key a framework wraps a body under (Rails' ParamsWrapper: the controller's model,
 * `worker` or `llm_provider`), read from the body's own fields.
 */
const wrapperOf = (field: Field) =>
  Object.hasOwn(field.schema.properties ?? {}, 'name') ? 'worker' : 'llm_provider'

const requiredOf = (field: Field) => (isBody(field) ? (field.schema.required ?? []) : [])

/**
 * A body made from the valid one with no required property at its top (the first is the one it
 * breaks), or none for a field that is not the body.
 */
const withoutRequired = (field: Field, body: (valid: unknown) => unknown): ClassValue[] => {
  const [first] = requiredOf(field)
  return first === undefined ? [] : [{ body, brokenAt: [first] }]
}

/** A body that is not JSON, or JSON but not an object: every one a 4xx (spec §1, §4). */
const NOT_AN_OBJECT: readonly ClassValue[] = [
  { value: [], label: 'an array' },
  { value: 'body', label: 'a string' },
  { value: 12345, label: 'a number' },
  { value: true, label: 'a boolean' },
  { value: null, label: 'null' },
]
/** The valid body as JSON text. */
const textOf = (valid: unknown) => JSON.stringify(valid) ?? ''
/**
 * The valid body, made not JSON in each way a lenient parser forgives (every one would be a valid
 * request if it were read leniently: the server must refuse the text, not what it guessed).
 */
const MALFORMED: readonly ClassValue[] = [
  { raw: (valid) => textOf(valid).slice(0, -1), label: 'cut short' },
  { raw: () => '', label: 'empty' },
  { raw: (valid) => `${textOf(valid)} ${textOf(valid)}`, label: 'two values' },
  { raw: (valid) => `${textOf(valid)}x`, label: 'text after the value' },
  { raw: (valid) => textOf(valid).replaceAll('"', "'"), label: 'single quotes' },
  { raw: (valid) => textOf(valid).replace(/}$/, ',}'), label: 'a trailing comma' },
  { raw: (valid) => textOf(valid).replace(/"([A-Za-z]+)":/g, '$1:'), label: 'bare names' },
  // Newtonsoft.Json (ASP.NET Core's AddNewtonsoftJson) and JSON5 readers skip comments.
  { raw: (valid) => textOf(valid).replace(/^\{/, '{/* a comment */'), label: 'a comment' },
  // Python's json module (Django, Flask, FastAPI before Pydantic) reads NaN and Infinity by default.
  { raw: (valid) => textOf(valid).replace(/}$/, ',"wak":NaN}'), label: 'NaN' },
]

/**
 * The valid body in other spellings the spec allows: JSON's whitespace (RFC 8259 §2) and the
 * media type's parameters and case (RFC 9110 §8.3.1). A server must read each as the same request.
 */
const SPELLINGS: readonly ClassValue[] = [
  {
    raw: (valid) => JSON.stringify(valid, null, '\t').replaceAll('\n', '\r\n'),
    label: 'pretty-printed with tabs and CRLF',
  },
  { raw: textOf, contentType: 'application/json; charset=utf-8', label: 'charset=utf-8' },
  { raw: textOf, contentType: 'Application/JSON', label: 'the media type in capitals' },
]

/**
 * The valid body as an HTML form sends it (`application/x-www-form-urlencoded`): each property a
 * pair, a list's items one pair each. What Express's `urlencoded()`, Rails, Django and Laravel
 * read by default, and what a page of any site can post without asking (no CORS preflight).
 */
const FORM: ClassValue = {
  raw: (valid) => {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(
      typeof valid === 'object' && valid !== null ? valid : {},
    ))
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item))
    return form.toString()
  },
  contentType: 'application/x-www-form-urlencoded',
  label: 'as a form',
}

export const OBJECT_CLASSES: readonly ValueClass[] = [
  {
    id: 'required/missing',
    keyword: 'required',
    title: 'a required property left out, its name in another letter case beside it (`Name`)',
    expect: 'reject',
    breaks: 'required',
    why: "the spec marks it required, and names are case-sensitive: Go's encoding/json, ASP.NET Core's web defaults and Jackson's ACCEPT_CASE_INSENSITIVE_PROPERTIES bind `Name` to `name`, which the spec does not (a server that refuses the unknown name refuses rightly too)",
    spec: '§4; RFC 8259 §8.3',
    values: (field) =>
      requiredOf(field).map((key) => ({
        body: (valid: unknown) => {
          const value =
            typeof valid === 'object' && valid !== null ? Reflect.get(valid, key) : undefined
          return withValueAt(without(valid, key), [otherCase(key)], value)
        },
        label: key,
        brokenAt: [key],
      })),
  },
  {
    id: 'required/empty-object',
    keyword: 'required',
    title: 'an empty object',
    expect: 'reject',
    breaks: 'required',
    why: 'every required property is missing',
    spec: '§4',
    values: (field) => withoutRequired(field, () => ({})),
  },
  {
    id: 'required/wrapped',
    keyword: 'required',
    title: 'the valid body wrapped under its resource\'s name (`{"worker": {…}}`), or under `data`',
    expect: 'reject',
    breaks: 'required',
    why: "the spec's fields stand at the top of the body; Rails' ParamsWrapper (on for JSON by default) and a controller that reads `params.require(:worker)` take the wrapped body as well as the plain one",
    spec: '§4',
    values: (field) => [
      ...withoutRequired(field, (valid) => ({ [wrapperOf(field)]: valid })),
      // JSON:API's and many clients' envelope: an unwrapping middleware takes it too.
      ...withoutRequired(field, (valid) => ({ data: valid })).map((v) => ({
        ...v,
        label: 'under "data"',
      })),
    ],
  },
  {
    id: 'properties/optional-left-out',
    keyword: 'properties',
    title: 'the required properties only',
    expect: 'accept',
    why: 'what the spec does not require may be left out',
    spec: '§4',
    values: (field) => (isBody(field) ? [{ body: (valid: unknown) => valid }] : []),
  },
  {
    id: 'properties/unknown',
    keyword: 'properties',
    title: 'a property the spec does not name',
    expect: 'either',
    why: 'the spec does not say whether other properties are ignored or refused: both are fair',
    spec: '§4',
    values: (field) =>
      isBody(field)
        ? [{ body: (valid: unknown) => withValueAt(valid, [UNKNOWN_PROPERTY], 'x') }]
        : [],
  },
  {
    id: 'body/spelling',
    keyword: 'body',
    title: 'the valid body in another spelling: whitespace, a charset, the media type in capitals',
    expect: 'accept',
    why: 'JSON allows whitespace between tokens, and a media type its parameters and any case: the same request',
    spec: '§1; RFC 8259 §2, RFC 9110 §8.3.1',
    values: (field) => (isBody(field) ? SPELLINGS : []),
  },
  {
    id: 'body/media-type',
    keyword: 'body',
    title: 'the valid JSON body labelled `text/plain`',
    expect: 'reject',
    breaks: 'type',
    why: 'request bodies are JSON with the content type application/json; a text/plain body is what any web page can post across sites without a preflight, so a server that reads it lets any site change the data',
    spec: '§1',
    values: (field) =>
      isBody(field) ? [{ raw: textOf, contentType: 'text/plain', label: 'text/plain' }] : [],
  },
  {
    id: 'body/form',
    keyword: 'body',
    title: 'the valid body as an HTML form (`application/x-www-form-urlencoded`)',
    expect: 'reject',
    breaks: 'type',
    why: 'request bodies are JSON: a form is another format (and one any web page can post across sites without a preflight)',
    spec: '§1',
    values: (field) => (isBody(field) ? [FORM] : []),
  },
  {
    id: 'body/not-an-object',
    keyword: 'body',
    title: 'JSON that is not an object',
    expect: 'reject',
    breaks: 'type',
    why: 'the body is a JSON object of the fields the spec lists',
    spec: '§1, §4',
    values: (field) => (isBody(field) ? NOT_AN_OBJECT : []),
  },
  {
    id: 'body/malformed',
    keyword: 'body',
    title: 'text that is not JSON',
    expect: 'reject',
    breaks: 'type',
    why: 'request bodies are JSON (RFC 8259: no trailing comma, double quotes, one value)',
    spec: '§1',
    values: (field) => (isBody(field) ? MALFORMED : []),
  },
]
