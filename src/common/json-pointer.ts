/** RFC 6901: a JSON pointer to `path` (`['modelIds', 0]` → `/modelIds/0`), `~` and `/` escaped. */
export const jsonPointer = (path: readonly PropertyKey[]): string =>
  path.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
