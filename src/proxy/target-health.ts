/**
 * Whether the target answered lately, for `GET /__mock/health`: when it last answered (any
 * status), and the last time it gave no answer (refused, reset, timed out), with why. A request
 * whose caller went away is nobody's word on the target, and counts for neither.
 */
export const createTargetHealth = () => {
  let answeredAt: string | null = null
  let failure: { at: string; message: string } | null = null
  let isReachable: boolean | null = null
  return {
    answered() {
      answeredAt = new Date().toISOString()
      isReachable = true
    },
    /** `message` is masked by the caller: it may quote the target. */
    failed(message: string) {
      failure = { at: new Date().toISOString(), message }
      isReachable = false
    },
    /** The health fields: `targetReachable` is null until the first exchange, then the last one's. */
    fields: () => ({
      targetReachable: isReachable,
      targetAnsweredAt: answeredAt,
      targetFailure: failure,
    }),
  }
}
export type TargetHealth = ReturnType<typeof createTargetHealth>
