/** Shorter cookie values would mask ordinary words (`theme=dark`); a session id is longer. */
const MIN_COOKIE_LENGTH = 8

/**
 * The values of a `Cookie` header's cookies (`sid=…; theme=dark`), each a credential of its own:
 * a server may echo one without its name.
 */
export const cookieValuesOf = (header: string): string[] =>
  header
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
    .filter((value) => value.length >= MIN_COOKIE_LENGTH)
