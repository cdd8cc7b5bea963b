// Escaping for the reports' markup: HTML and XML, the only ways text reaches them.

// HTML §13.1.2: NUL and other controls have no place in text; the rest is escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** Text safe in an element and in a quoted attribute: the only way anything reaches the page. */
export const escapeHtml = (text: unknown): string =>
  String(text ?? '')
    .replace(CONTROL, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

// XML 1.0 §2.2: these characters cannot appear in a document, even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** Text as a CDATA section: what XML cannot hold replaced, and a `]]>` in it split. */
export const cdata = (text: string) =>
  `<![CDATA[${text.replace(INVALID_XML, '\uFFFD').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`
