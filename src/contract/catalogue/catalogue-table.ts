import { CATALOGUE } from './catalogue.js'

const EXPECTED = { accept: 'accept (2xx)', reject: 'reject (4xx)', either: 'either (never 5xx)' }

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

/**
 * The catalogue as the Markdown table of docs/CATALOGUE.md: one row a class, in the order the
 * suite sends them. The document is this text between its markers; a test holds them together.
 */
export const renderCatalogueTable = (): string =>
  [
    '| keyword | class | what it sends | a correct server | why | spec |',
    '|---|---|---|---|---|---|',
    ...CATALOGUE.map((c) =>
      [
        '',
        `\`${c.keyword}\``,
        `\`${c.id}\``,
        cell(c.title),
        EXPECTED[c.expect],
        cell(c.why),
        cell(c.spec),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ].join('\n')
