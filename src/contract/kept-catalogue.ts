/**
 * The catalogue's cases are the same on every run of a seed but for the run's name prefix (worker
 * names carry it), and building them cost a tenth of a run against an in-process server (arrays at
 * their 500-item bound, a few thousand ids). A process that runs the suite again and again (a test
 * matrix judges hundreds of servers on one seed) keeps one build per seed and gives each later run
 * a copy with its own prefix written in: only the strings that hold the prefix and the objects
 * above them are new, the rest is shared, frozen.
 *
 * A build is kept only once a second build, with another prefix, is exactly the first with the
 * prefix written in by the same `relabel`: a class that wrote the prefix in another spelling
 * (escaped, cut, in capitals) shows there, and the catalogue is then built on every run as before.
 * A single run (the CLI) builds once, as before.
 */

/** Builds kept at once (seeds, `--allow-cloud`, prefix lengths): a matrix uses one or two. */
const MAX_KEPT = 4

type Kept<T> = {
  readonly prefix: string
  readonly built: T
  /** A first build (to compare the next with), one a second build matched, or built every run. */
  readonly state: 'first' | 'kept' | 'each-run'
}

/** A value and everything in it made read-only: a kept build is shared by the runs that read it. */
const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozen(item)
    Object.freeze(value)
  }
  return value
}

/** Whether `a` and `b` are the same: same shape, same values, functions of the same code. */
const isSame = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'function') return typeof b === 'function' && String(a) === String(b)
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key, i) => bKeys[i] === key && isSame(Reflect.get(a, key), Reflect.get(b, key)))
  )
}

/** Whether a kept (frozen) object holds `from` in a string below it, worked out once per object. */
const holding = new WeakMap<object, { readonly from: string; readonly holds: boolean }>()
const holds = (value: unknown, from: string): boolean => {
  if (typeof value === 'string') return value.includes(from)
  if (typeof value !== 'object' || value === null) return false
  const known = holding.get(value)
  if (known?.from === from) return known.holds
  const found = Object.values(value).some((item) => holds(item, from))
  if (Object.isFrozen(value)) holding.set(value, { from, holds: found })
  return found
}

/**
 * A JSON value with `from` written as `to` in every string: the objects that hold it copied, the
 * rest shared.
 */
export const relabelledJson = (value: unknown, from: string, to: string): unknown => {
  if (typeof value === 'string') return value.includes(from) ? value.replaceAll(from, to) : value
  if (!holds(value, from) || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((item) => relabelledJson(item, from, to))
  // fromEntries: a `__proto__` field stays a field
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, relabelledJson(item, from, to)]),
  )
}

/**
 * `build(key, namePrefix)`, or the kept build for `key` (what else the build reads: the seed,
 * `--allow-cloud`; `nameOf` names it) with the prefix written in by `relabel`. The prefix must not
 * occur by chance in what the build makes (a run's prefix holds a random run id).
 */
export const createKeptCatalogue = <K, T>(
  build: (key: K, namePrefix: string) => T,
  relabel: (built: T, from: string, to: string) => T,
  nameOf: (key: K) => string,
) => {
  const kept = new Map<string, Kept<T>>()
  return (key: K, namePrefix: string): T => {
    const fullKey = `${nameOf(key)} ${namePrefix.length}`
    const found = kept.get(fullKey)
    if (found?.state === 'kept') return relabel(found.built, found.prefix, namePrefix)
    const made = build(key, namePrefix)
    if (found === undefined) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '')
      kept.set(fullKey, { prefix: namePrefix, built: frozen(made), state: 'first' })
    } else if (found.state === 'first' && found.prefix !== namePrefix) {
      const isKept = isSame(relabel(found.built, found.prefix, namePrefix), made)
      kept.set(fullKey, { ...found, state: isKept ? 'kept' : 'each-run' })
    }
    return made
  }
}
