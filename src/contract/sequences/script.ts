import type { SentStep } from './io.js'

/**
 * A sequence as it was sent, as a shell script of curl lines: the calls of one step sent at once
 * (`&`, then `wait`), each with the status it got, and the call that failed `checkId` marked. The
 * ids are the ones the target answered in this run: a run of the script makes new workers, whose
 * ids go where these are.
 */
export const scriptOf = (sent: readonly SentStep[], checkId: string): string[] => {
  const calls = sent.reduce((sum, s) => sum + s.calls.filter(Boolean).length, 0)
  const lines = [
    `# ${calls} call${calls === 1 ? '' : 's'} of a sequence; the worker ids are this run's (a new run makes new ones)`,
  ]
  let n = 0
  for (const { calls: stepCalls } of sent) {
    const together = stepCalls.filter((call) => call !== undefined)
    for (const call of together) {
      n++
      const failed =
        call.failures.find((f) => f.checkId === checkId) ??
        call.warnings.find((f) => f.checkId === checkId)
      const status = call.status === undefined ? 'no answer' : String(call.status)
      lines.push(
        `# ${n}. ${call.operationId} → ${status}${failed ? `  ← ${checkId}: ${failed.message}` : ''}`,
        together.length > 1 ? `${call.curl} &` : call.curl,
      )
    }
    if (together.length > 1) lines.push('wait')
  }
  return lines
}
