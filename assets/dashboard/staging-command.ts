// "Check these requests against staging": the two command lines that download the journal's
// requests for the filters set now and replay them against staging with `contract --replay`
// (docs/replay.md). Lines to copy, never a request: the page sends nothing to staging.
import { shellQuoted } from '../../src/common/curl-line.js'
import { copyButton } from './copy-button.js'
import { h } from './dom.js'

/** The lines for the journal's query now (`session=…&operation=…`), on the mock at `origin`. */
export const stagingCommand = (origin: string, query: URLSearchParams): string => {
  const search = query.toString()
  const har = `${origin}/__mock/requests.har${search === '' ? '' : `?${search}`}`
  return [
    `curl -s -o session.har ${shellQuoted(har)}`,
    'npx --no-install worker-api-kit contract --base-url "$STAGING_URL" --replay session.har \\',
    `  -H 'Authorization: Bearer env:STAGING_TOKEN' \\`,
    '  --org-id "$STAGING_ORG_ID" --llm-provider-id "$STAGING_LLM_PROVIDER_ID" \\',
    '  --masked-value /apiKey=env:STAGING_LLM_API_KEY --junit replay.xml',
  ].join('\n')
}

/** A disclosure with the lines for the filters `query()` gives, kept up to date by `refresh`. */
export const createStagingCommand = (origin: string, query: () => URLSearchParams) => {
  const lines = h('pre', { attrs: { id: 'staging-command' } })
  const refresh = () => {
    lines.textContent = stagingCommand(origin, query())
  }
  const element = h(
    'details',
    { className: 'staging', attrs: { id: 'staging' } },
    h('summary', { text: 'Check these requests against staging' }),
    h('p', {
      className: 'muted',
      text: 'Download the requests shown (the filters set now), then replay them against staging in CI: each answer is judged by the spec and held to what your app saw here.',
    }),
    lines,
    copyButton('Copy', () => lines.textContent ?? ''),
  )
  element.addEventListener('toggle', refresh)
  return { element, refresh }
}
