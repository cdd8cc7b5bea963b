// The one writer of curl lines: the contract's reports (a finding's reproduction), the dashboard
// (an entry sent again) and the dashboard's staging lines all write theirs here, quoted for a
// POSIX shell, credentials named by a variable and never written.

/**
 * A shell word in single quotes (POSIX sh): safe whatever it holds.
 * @public the dashboard's staging lines use it (assets/dashboard, beyond knip's project)
 */
export const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * A header as the line sends it: its value, or a variable of the shell that holds it (a credential).
 * @public the dashboard's curl lines build these (assets/dashboard, beyond knip's project)
 */
export type CurlHeader =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly variable: string; readonly scheme?: string }

export type CurlRequest = {
  readonly method: string
  readonly url: string
  readonly headers: readonly CurlHeader[]
  readonly body?: string | undefined
}

/** One curl line that sends `request`: `curl <options> -X METHOD 'URL' -H … --data-raw '…'`. */
export const curlLine = (request: CurlRequest, options: readonly string[] = ['-i']): string => {
  const words = ['curl', ...options, '-X', request.method, shellQuoted(request.url)]
  for (const header of request.headers)
    words.push(
      '-H',
      'variable' in header
        ? `"${header.name}: ${header.scheme === undefined ? '' : `${header.scheme} `}$${header.variable}"`
        : shellQuoted(`${header.name}: ${header.value}`),
    )
  if (request.body !== undefined) words.push('--data-raw', shellQuoted(request.body))
  return words.join(' ')
}
