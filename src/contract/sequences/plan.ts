import { operationEntry } from '../../api/operation-table.js'
import type { Case } from '../cases.js'

/**
 * One call of a sequence: a case, and for a rename the create whose worker it renames (the
 * sequence's own worker, whatever id the target gives it when the sequence is run).
 */
export type Command = {
  readonly case: Case
  readonly of?: Command | undefined
}

/** Calls sent one after the other; the calls of one step are sent together, none waiting for another. */
export type Step = { readonly together: readonly Command[] }

/** The sequences' class, as the catalogue's: what a case of a sequence was sent for. */
export const SEQUENCE_CLASSES = [
  {
    id: 'sequence',
    title:
      'the three operations in a seeded order: creates, renames of several workers (back to earlier names too) and provider updates between them, some pairs sent at once',
    why: 'what an accepted call establishes holds after every later call, of any operation, on any worker; the spec gives no order between calls in flight, so each is answered as if alone',
    spec: '§4.1–§4.3',
  },
] as const

/** A sequence has at least this many workers (one, then two pairs made at once)… */
const LEAST_WORKERS = 5
/** …and, where the run has a provider, at least this many provider updates between its renames. */
const LEAST_PROVIDER_UPDATES = 2

export type PlanInput = {
  readonly seed: number
  /** The run's generated valid bodies of each operation (`--runs` of each), in order. */
  readonly creates: readonly Case[]
  readonly renames: readonly Case[]
  /** Empty when the run has no provider to update. */
  readonly providerUpdates: readonly Case[]
}

/** A small seeded generator (mulberry32): the same sequence for the same seed. */
const randomOf = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A case of a sequence: the run's case, under the sequence's class. */
const asStep = (c: Case, what: string): Case => ({
  id: `${c.id}~sequence`,
  operationId: c.operationId,
  kind: 'generated',
  title: `sequence: ${what}`,
  expect: 'accept',
  get body() {
    return c.body
  },
})

/** The body of a case with its name changed (a JSON object with a `name`), else undefined. */
const renamed = (c: Case, name: (was: string) => string): { json: unknown } | undefined => {
  const { body } = c
  if (!('json' in body) || typeof body.json !== 'object' || body.json === null) return undefined
  const was: unknown = Reflect.get(body.json, 'name')
  return typeof was === 'string' ? { json: { ...body.json, name: name(was) } } : undefined
}

/**
 * `count` cases from `cases`, the run's own first and then, past them, each again: under another
 * name (`…~2`) where it has one, else as it was (a provider update sent again). A sequence's least
 * shape does not wait for a larger --runs.
 */
const atLeast = (cases: readonly Case[], count: number): Case[] =>
  Array.from({ length: Math.max(count, cases.length) }, (_, i): Case[] => {
    const c = cases[i % Math.max(1, cases.length)]
    if (c === undefined) return []
    if (i < cases.length) return [c]
    const round = Math.floor(i / cases.length) + 1
    const body = renamed(c, (was) => `${was}~${round}`)
    if (body === undefined) return [{ ...c, id: `${c.id}~${round}` }]
    const again = { ...c, id: `${c.id}~${round}`, body }
    return operationEntry(c.operationId).bodySchema.safeParse(body.json).success ? [again] : []
  }).flat()

const nameOf = (c: Case): unknown => {
  const { body } = c
  return 'json' in body && typeof body.json === 'object' && body.json !== null
    ? Reflect.get(body.json, 'name')
    : undefined
}

/** A rename to `name`, when a rename may carry it (a create's name has no maximum; a rename's has). */
const renameTo = (name: unknown, id: string, what: string): Case | undefined =>
  operationEntry('updateWorker').bodySchema.safeParse({ name }).success
    ? {
        id,
        operationId: 'updateWorker',
        kind: 'generated',
        title: `sequence: ${what}`,
        expect: 'accept',
        body: { json: { name } },
      }
    : undefined

/**
 * The run's sequence, from its seed: every generated body of the run (and at least the least
 * shape's), interleaved at random (a rename never before its worker's create), some pairs sent at
 * once, then each worker renamed back to a name it had, after every other call, so that what any
 * of them disturbed shows. One request a body, and one a worker for the way back.
 */
export const planSequence = (input: PlanInput): Step[] => {
  const random = randomOf(input.seed ^ 0x5e9)
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)]
  const creates = atLeast(input.creates, LEAST_WORKERS)
  const renames = atLeast(input.renames, LEAST_WORKERS)
  const providers =
    input.providerUpdates.length === 0 ? [] : atLeast(input.providerUpdates, LEAST_PROVIDER_UPDATES)
  const workers: Command[] = []
  const names = new Map<Command, unknown[]>()
  const steps: Step[] = []
  let hasPaired = false

  const createCommand = (c: Case, with_ = ''): Command => {
    const command = { case: asStep(c, `create of worker ${workers.length + 1}${with_}`) }
    workers.push(command)
    names.set(command, [nameOf(c)])
    return command
  }

  /** A call that may come next: a create while any is left, a rename once a worker exists, a provider update. */
  const next = (isTogether: boolean): Command | undefined => {
    const of = pick(workers)
    const kinds = [
      ...(creates.length > 0 && !isTogether ? (['create'] as const) : []),
      ...(renames.length > 0 && of !== undefined ? (['rename'] as const) : []),
      ...(providers.length > 0 ? (['provider'] as const) : []),
    ]
    const kind = pick(kinds)
    const c =
      kind === 'create' ? creates.shift() : kind === 'rename' ? renames.shift() : providers.shift()
    const at = isTogether ? ', sent together with the next call' : ''
    if (c === undefined) return undefined
    if (c.operationId === 'createWorker') return createCommand(c, at)
    if (c.operationId === 'updateLlmProvider') return { case: asStep(c, `provider update${at}`) }
    if (of === undefined) return undefined
    names.get(of)?.push(nameOf(c))
    return { case: asStep(c, `rename of worker ${workers.indexOf(of) + 1}${at}`), of }
  }

  /** Two creates at once: their ids must differ as well. */
  const createPair = (pair: readonly Case[]) =>
    steps.push({ together: pair.map((c) => createCommand(c, ', sent together with another')) })
  // A worker, then two at once; two more at once later, among the renames, when the target's
  // connections are open (a pair sent on a cold pool may reach it one after the other).
  for (const c of creates.splice(0, 1)) steps.push({ together: [createCommand(c)] })
  if (creates.length >= 2) createPair(creates.splice(0, 2))
  const latePair = creates.length >= 2 ? creates.splice(-2) : []
  const lateAfter = Math.floor(renames.length / 2)
  while (creates.length + renames.length + providers.length > 0) {
    if (latePair.length > 0 && renames.length <= lateAfter) createPair(latePair.splice(0))
    // The first step that can renames two workers at once; about one step in three after it
    // sends two calls at once (renames and provider updates).
    if (!hasPaired && renames.length >= 2 && workers.length >= 2) {
      const [one, other] = [...workers].sort(() => random() - 0.5)
      const pair = [one, other].flatMap((of) => {
        const c = renames.shift()
        if (c === undefined || of === undefined) return []
        names.get(of)?.push(nameOf(c))
        const what = `rename of worker ${workers.indexOf(of) + 1}, sent together with the next call`
        return [{ case: asStep(c, what), of }]
      })
      steps.push({ together: pair })
      hasPaired = true
      continue
    }
    const isTogether = hasPaired && random() < 1 / 3 && renames.length + providers.length >= 2
    const first = next(isTogether)
    if (first === undefined) break
    const second = isTogether ? next(true) : undefined
    steps.push({ together: second ? [first, second] : [first] })
  }
  if (latePair.length > 0) createPair(latePair)
  // Last, each worker renamed once more, to a name other than the one it has (an answer that is a
  // stale copy of the worker shows): back to its first name a rename may carry (a create's name has
  // no maximum), or, for a worker never renamed, to its name made new.
  workers.forEach((of, index) => {
    const had = names.get(of) ?? []
    const current = had.at(-1)
    const fits = had.filter((name) => name !== current && renameTo(name, '', '') !== undefined)
    const [earlier] = fits
    // Its first 100 characters keep the run's prefix, and fit a rename's maximum however counted.
    const renewed = `${[...String(current)].slice(0, 100).join('')}~again`
    const back =
      earlier === undefined
        ? renameTo(renewed, `${of.case.id}~again`, `rename of worker ${index + 1} to a new name`)
        : renameTo(
            earlier,
            `${of.case.id}~back`,
            `rename of worker ${index + 1} back to an earlier name`,
          )
    if (back) steps.push({ together: [{ case: back, of }] })
  })
  return steps
}
