/** An expected reason the suite cannot run at all; the CLI maps it to exit code 2. */
export class ContractError extends Error {
  override readonly name = 'ContractError'
  constructor(
    message: string,
    readonly code: 'E_USAGE' | 'E_UNREACHABLE',
  ) {
    super(message)
  }
}
