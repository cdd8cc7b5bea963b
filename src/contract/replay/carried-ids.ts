// The ids a replay carries through: what the recording's answers called a thing, and what the
// target calls the same thing. A create's id in the file maps to the id the target answered, and
// every later request that names it (in its path, in its body) names the target's.

/** Deepest an answer is walked for ids (the API's answers nest three levels). */
const MAX_DEPTH = 16

/** A field that names a thing: `id`, or a name ending in `Id` (`orgId`, `createdByUserId`). */
const isIdField = (name: string) => name === 'id' || /[a-z]Id$/.test(name)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export type CarriedIds = {
  /** The target's id for a recorded one, when known. */
  readonly get: (recorded: string) => string | undefined
  /** Maps `recorded` to `target`, unless it is mapped already (the first mapping holds). */
  readonly set: (recorded: string, target: string) => void
  /** Learns the ids an exchange showed: each id field of the recorded answer, beside the target's. */
  readonly learn: (recordedAnswer: unknown, targetAnswer: unknown) => void
  /** Every mapping made, in order. */
  readonly pairs: () => readonly (readonly [string, string])[]
  /**
   * A request's text (a body, a query) with each recorded id replaced by the target's: where it is
   * a whole JSON string, and, for an id long enough to be no word of its own (a TypeID, a UUID),
   * wherever it stands as a token (`?after=wrk_…`, `"copy of wrk_…"`).
   */
  readonly carry: (text: string, encode?: (id: string) => string) => string
}

/** An id as text inside a JSON string. */
const inJsonString = (id: string) => JSON.stringify(id).slice(1, -1)

/** An id this long is a token of its own wherever it stands (a TypeID has 30 characters). */
const MIN_TOKEN_ID = 12

const escapedForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export const createCarriedIds = (): CarriedIds => {
  const map = new Map<string, string>()
  // One pattern of every long id that changes, made again only when one is added: a request is
  // read once, whatever the number of ids (a session's hundreds of workers).
  let tokens: RegExp | undefined
  const shortIds: [string, string][] = []
  const set = (recorded: string, target: string) => {
    if (recorded === '' || map.has(recorded)) return
    map.set(recorded, target)
    if (recorded === target) return
    if (recorded.length >= MIN_TOKEN_ID) tokens = undefined
    else shortIds.push([recorded, target])
  }
  const tokensPattern = () => {
    if (tokens !== undefined) return tokens
    const long = [...map]
      .filter(([recorded, target]) => recorded !== target && recorded.length >= MIN_TOKEN_ID)
      .map(([recorded]) => escapedForPattern(recorded))
    tokens =
      long.length === 0
        ? /$^/g
        : new RegExp(`(?<![A-Za-z0-9_-])(?:${long.join('|')})(?![A-Za-z0-9_-])`, 'g')
    return tokens
  }
  const learn = (recorded: unknown, target: unknown, depth = 0): void => {
    if (depth > MAX_DEPTH) return
    if (Array.isArray(recorded) && Array.isArray(target)) {
      for (const [i, item] of recorded.entries()) learn(item, target[i], depth + 1)
      return
    }
    if (!isRecord(recorded) || !isRecord(target)) return
    for (const [name, value] of Object.entries(recorded)) {
      const answered = target[name]
      if (isIdField(name) && typeof value === 'string' && typeof answered === 'string')
        set(value, answered)
      else learn(value, answered, depth + 1)
    }
  }
  return {
    get: (recorded) => map.get(recorded),
    set,
    learn: (recordedAnswer, targetAnswer) => learn(recordedAnswer, targetAnswer),
    pairs: () => [...map].filter(([recorded, target]) => recorded !== target),
    carry: (text, encode = inJsonString) => {
      let carried = text.replace(tokensPattern(), (recorded) =>
        encode(map.get(recorded) ?? recorded),
      )
      for (const [recorded, target] of shortIds)
        carried = carried.replaceAll(JSON.stringify(recorded), () => JSON.stringify(target))
      return carried
    },
  }
}
