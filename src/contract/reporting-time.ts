/**
 * The part of the run's bound kept for judging the last answer and writing the reports: a tenth,
 * between 50 ms and 2 s (measured: the console, JSON and JUnit reports of a 135-exchange run,
 * 1.1 MB of JSON, are formatted and written in under 0.2 s including the CLI's exit).
 */
export const reportingTimeOf = (runTimeoutMs: number) =>
  Math.min(2_000, Math.max(50, Math.round(runTimeoutMs / 10)))
