import type { JournalEntry } from './journal-entry.js'

/** An entry as stored, with its size measured once; `isGone` once the journal dropped it. */
export type Kept = { readonly entry: JournalEntry; readonly size: number; isGone: boolean }

/** What one budget holds at most: entries and bytes (their JSON sizes). */
export type ShelfBounds = { readonly max: number; readonly maxBytes: number }

/** One session's entries, oldest first; those before `head` are dropped. */
type Shelf = { items: (Kept | undefined)[]; head: number; bytes: number }

/** The default session: the developer's own traffic (no `x-mock-session`). */
const DEFAULT_SESSION = ''
/** Dropped slots a list keeps before it is compacted (and then only once they are half of it). */
const COMPACT_AFTER = 64

const countOf = (shelf: Shelf) => shelf.items.length - shelf.head

/**
 * The journal's entries on one shelf per session, so that one session's traffic never pushes out
 * another's: each session keeps its own newest `bounds` (the default session, the developer's
 * own, has that budget to itself), and the other sessions together keep `bounds` more, the
 * session holding the most entries losing its oldest first (a contract run or a test session
 * crowds out itself, never the default session nor a quieter one). The newest entry always stays.
 */
export const createShelves = (bounds: ShelfBounds) => {
  /** Every entry kept, in the order recorded; dropped ones are skipped, compacted from time to time. */
  let all: Kept[] = []
  let gone = 0
  let bytes = 0
  const shelves = new Map<string, Shelf>()
  /** The sessions other than the default one, together. */
  const others = { count: 0, bytes: 0 }

  const dropOldest = (session: string, shelf: Shelf) => {
    const item = shelf.items[shelf.head]
    if (item === undefined) return
    shelf.items[shelf.head] = undefined
    shelf.head++
    shelf.bytes -= item.size
    bytes -= item.size
    item.isGone = true
    gone++
    if (session !== DEFAULT_SESSION) {
      others.count--
      others.bytes -= item.size
    }
    if (countOf(shelf) === 0) shelves.delete(session)
    else if (shelf.head >= COMPACT_AFTER && shelf.head * 2 >= shelf.items.length) {
      shelf.items = shelf.items.slice(shelf.head)
      shelf.head = 0
    }
  }

  /** The other session that gives up an entry: the one holding the most, the oldest on a tie. */
  const fullest = (newest: Kept): [string, Shelf] | undefined => {
    let found: [string, Shelf] | undefined
    for (const [session, shelf] of shelves) {
      if (session === DEFAULT_SESSION) continue
      const count = countOf(shelf)
      // The entry just recorded stays: a shelf holding only it gives nothing.
      if (count === 1 && shelf.items[shelf.head] === newest) continue
      const best = found?.[1]
      if (
        best === undefined ||
        count > countOf(best) ||
        (count === countOf(best) &&
          (shelf.items[shelf.head]?.entry.seq ?? 0) < (best.items[best.head]?.entry.seq ?? 0))
      )
        found = [session, shelf]
    }
    return found
  }

  const compact = () => {
    if (gone < COMPACT_AFTER || gone * 2 < all.length) return
    all = all.filter((item) => !item.isGone)
    gone = 0
  }

  const add = (item: Kept) => {
    const session = item.entry.session
    let shelf = shelves.get(session)
    if (shelf === undefined) {
      shelf = { items: [], head: 0, bytes: 0 }
      shelves.set(session, shelf)
    }
    all.push(item)
    shelf.items.push(item)
    shelf.bytes += item.size
    bytes += item.size
    if (session !== DEFAULT_SESSION) {
      others.count++
      others.bytes += item.size
    }
    while (countOf(shelf) > 1 && (countOf(shelf) > bounds.max || shelf.bytes > bounds.maxBytes))
      dropOldest(session, shelf)
    while (
      session !== DEFAULT_SESSION &&
      (others.count > bounds.max || others.bytes > bounds.maxBytes)
    ) {
      const giver = fullest(item)
      if (giver === undefined) break
      dropOldest(...giver)
    }
    compact()
  }

  return {
    add,
    /** The entries kept, oldest first: of one session, or of all. */
    *items(session?: string): Generator<Kept> {
      if (session !== undefined) {
        const shelf = shelves.get(session)
        if (shelf === undefined) return
        for (let i = shelf.head; i < shelf.items.length; i++) {
          const item = shelf.items[i]
          if (item !== undefined) yield item
        }
        return
      }
      for (const item of all) if (!item.isGone) yield item
    },
    /** Bytes of the entries kept. */
    bytes: () => bytes,
    /** Drops every entry `drop` picks; returns how many. */
    clear(drop: (entry: JournalEntry) => boolean) {
      const before = all.length - gone
      const kept = all.filter((item) => !item.isGone && !drop(item.entry))
      const survivors = new Set(kept)
      for (const item of all) if (!survivors.has(item)) item.isGone = true
      all = []
      gone = 0
      bytes = 0
      shelves.clear()
      others.count = 0
      others.bytes = 0
      // The survivors fitted their bounds before, and fit them still: no one is dropped here.
      for (const item of kept) add(item)
      return before - kept.length
    },
  }
}
