/**
 * `--rate N/s`: at most N requests a second, evenly spaced (no burst), shared by every request of a
 * run, retries included. A wait that would cross the run's bound is cut at it: the request goes,
 * and the run's own bound then skips the cases left.
 */
export const createPacer = (
  perSecond: number,
  sleep: (ms: number) => Promise<void>,
  deadline: number = Number.POSITIVE_INFINITY,
) => {
  const interval = 1_000 / perSecond
  let next = 0
  return async (): Promise<void> => {
    const now = performance.now()
    const at = Math.max(now, next)
    next = at + interval
    const wait = Math.min(at, deadline) - now
    if (wait > 0) await sleep(wait)
  }
}

/** Most requests a second `--rate` takes, and fewest (one every 50 s): a bound either way. */
export const RATE_RANGE = { min: 0.02, max: 1_000 } as const

/** The requests a second a `--rate` value asks for (`5`, `5/s`, `0.5/s`), or undefined if it is none. */
export const rateOf = (text: string): number | undefined => {
  const match = /^\s*(\d{1,4}(?:\.\d{1,3})?)\s*(?:\/\s*s)?\s*$/.exec(text)
  if (!match) return undefined
  const rate = Number(match[1])
  return rate >= RATE_RANGE.min && rate <= RATE_RANGE.max ? rate : undefined
}

/** How long `requests` take at `perSecond`, at least. */
export const pacedMs = (requests: number, perSecond: number) =>
  Math.ceil((Math.max(0, requests - 1) / perSecond) * 1_000)
