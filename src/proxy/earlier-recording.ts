import { type ReadFile, readFileAtMost } from '../common/read-file-at-most.js'
import { Scenario, type ScenarioInput } from '../mock/scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from '../mock/scenario-registry.js'
import { isRecording } from './recording.js'

/** What `--record FILE` holds: nothing yet, a recording to go on from, or someone's file. */
export type EarlierRecording =
  | { kind: 'absent' }
  | { kind: 'recording'; scenario: ScenarioInput }
  | { kind: 'not-ours'; why: string }

const WHY: Record<Exclude<ReadFile['kind'], 'absent' | 'read'>, string> = {
  'too-large': `is larger than a scenario file may be (${MAX_SCENARIO_FILE_BYTES} bytes)`,
  'not-a-file': 'is not a regular file',
  unreadable: 'cannot be read',
}

/**
 * Reads the file a proxy is told to record to, within the scenario file's bound and without
 * trusting what stands there. Only an absent file, or a recording a proxy wrote (`isRecording`),
 * may be written; anything else is someone's and is left as it is.
 */
export const readEarlierRecording = async (path: string): Promise<EarlierRecording> => {
  const read = await readFileAtMost(path, MAX_SCENARIO_FILE_BYTES)
  if (read.kind === 'absent') return read
  if (read.kind !== 'read')
    return {
      kind: 'not-ours',
      why: read.kind === 'unreadable' ? `${WHY.unreadable} (${read.code})` : WHY[read.kind],
    }
  let raw: unknown
  try {
    raw = JSON.parse(read.text)
  } catch {
    return { kind: 'not-ours', why: 'is not a scenario (not JSON)' }
  }
  if (isRecording(raw)) return { kind: 'recording', scenario: raw }
  return {
    kind: 'not-ours',
    why: Scenario.safeParse(raw).success
      ? 'is a scenario the proxy did not record'
      : 'is not a scenario',
  }
}
