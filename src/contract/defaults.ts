/**
 * What a contract run does when an option is not given; a module of its own so the CLI's help
 * reads it without loading the suite.
 */
export const CONTRACT_DEFAULTS = {
  /** Per request, in ms. */
  timeoutMs: 10_000,
  /** The whole run, in ms. */
  runTimeoutMs: 120_000,
  /** Generated valid inputs per operation. */
  runs: 5,
  /**
   * Most workers a run may create: the catalogue's creates (19, 20 with --allow-cloud, each class
   * to accept in one request) and the default --runs 5.
   */
  maxCreates: 25,
  /** Most calls a failing sequence's shrink may send (its creates count against maxCreates too). */
  shrinkCalls: 100,
} as const
