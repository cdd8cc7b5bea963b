/**
 * The largest seed the mock and the contract suite take (`--seed`, a scenario's `seed`): a uint32,
 * what the mock's Mersenne Twister is seeded with. One bound for both commands, so a seed printed
 * by one is always accepted by the other.
 */
export const MAX_SEED = 2 ** 32 - 1
