import * as fs from 'node:fs'
import { readFileAtMost, unreadReason } from '../common/read-file-at-most.js'
import {
  isRecording,
  MAX_SCENARIO_FILE_BYTES,
  Scenario,
  type ScenarioInput,
} from '../mock/index.js'

/** What `--record FILE` holds: nothing yet, a recording to go on from, or someone's file. */
export type EarlierRecording =
  | { kind: 'absent' }
  | { kind: 'recording'; scenario: ScenarioInput }
  | { kind: 'not-ours'; why: string }

/**
 * Reads the file a proxy is told to record to, within the scenario file's bound and without
 * trusting what stands there. Only an absent file, or a recording a proxy wrote (`isRecording`),
 * may be written; anything else is someone's and is left as it is.
 */
export const readEarlierRecording = (path: string): EarlierRecording => {
  const read = readFileAtMost(fs, path, MAX_SCENARIO_FILE_BYTES)
  if (read.kind === 'error' && read.code === 'ENOENT') return { kind: 'absent' }
  if (read.kind === 'too-large')
    return {
      kind: 'not-ours',
      why: `is larger than a scenario file may be (${MAX_SCENARIO_FILE_BYTES} bytes)`,
    }
  if (read.kind === 'not-a-file') return { kind: 'not-ours', why: 'is not a regular file' }
  if (read.kind !== 'read')
    return {
      kind: 'not-ours',
      why: `cannot be read (${unreadReason(read, MAX_SCENARIO_FILE_BYTES)})`,
    }
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder().decode(read.bytes))
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
