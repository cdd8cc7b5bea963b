/** A repeatable flag's values as given, one per use (not comma-split: a header value may hold commas). */
export const repeatedValues = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String)
