/**
 * `object[key] = value` as an own field, `__proto__` too, as `Object.fromEntries` and `JSON.parse`
 * make it (an assignment to `__proto__` would set the object's prototype instead).
 */
export const setOwn = (object: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__')
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  else object[key] = value
}
