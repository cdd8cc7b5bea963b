/**
 * A token the line works with as printed (one copy-paste): the mock accepts any bearer token and
 * names the contract run's user by it. Not a secret of anyone's.
 */
const AUTH_HEADER_PLACEHOLDER = "'Authorization: Bearer contract-run'"

/** The printed contract run keeps to a session of its own: the developer's default stays clean. */
const CONTRACT_SESSION_HEADER = "'x-mock-session: contract'"

/** How a copy of the kit runs when the caller did not say (the installed package's bin). */
export const INSTALLED_COMMAND = 'npx --no-install worker-api-kit'

/**
 * The `contract` command line that judges a running mock, as the CLI banner prints it and
 * `GET /__mock/health` (and so the dashboard) shows it: one line to copy.
 */
export const contractCommand = ({
  command,
  baseUrl,
  orgId,
  llmProviderId,
  isAuthRequired,
}: {
  /** How to run the kit from the caller's shell (`node dist/bin/main.js`, `npx --no-install …`). */
  command: string
  baseUrl: string
  orgId: string
  llmProviderId: string
  /** Under auth every request needs a bearer token: the line then sends one. */
  isAuthRequired: boolean
}) =>
  `${command} contract --base-url ${baseUrl} --org-id ${orgId} --llm-provider-id ${llmProviderId} -H ${CONTRACT_SESSION_HEADER}${isAuthRequired ? ` -H ${AUTH_HEADER_PLACEHOLDER}` : ''}`
