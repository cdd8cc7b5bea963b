import type { Random } from './random.js'

type Place = ReturnType<Random['save']>

const isAt = (random: Random, place: Place) => random.save().every((word, i) => word === place[i])

/**
 * The draws one request takes from a session's generator, which it can give back when the mock
 * refuses the request: the generator goes back to before them. Only when its draws followed one
 * another and none was taken since: with requests in flight together, another request's draws
 * are never undone (then the refused request's stay taken).
 */
export const createDrawTape = (random: Random) => {
  let before: Place | undefined
  let after: Place | undefined
  let isUnbroken = true
  return {
    uint32: () => {
      if (after === undefined) before = random.save()
      else if (!isAt(random, after)) isUnbroken = false
      const value = random.uint32()
      after = random.save()
      return value
    },
    giveBack: () => {
      if (before !== undefined && after !== undefined && isUnbroken && isAt(random, after))
        random.load(before)
    },
  }
}
