// A matrix split into files that run side by side: each shard judges every `count`-th server.
// A builder only: no assertions here.

/** Shard `index` (from 1) of `count`: the part of a matrix one test file runs. */
export type Shard = { readonly index: number; readonly count: number }

/** The rows of `rows` that shard `shard` runs; the shards together run each row exactly once. */
export const inShard = <Row>(rows: readonly Row[], { index, count }: Shard): Row[] =>
  rows.filter((_, i) => i % count === index - 1)

/** Whether `shard` is the one that also runs a matrix's checks of the whole list (its first). */
export const isFirst = (shard: Shard) => shard.index === 1
