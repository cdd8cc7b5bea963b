// The bounded reader's refusals that callers opt into: a link as the path's last part, and a file
// another user owns or may write (the bin's code cache reads through both).
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFileAtMost, unreadReason } from '../../src/common/read-file-at-most.js'

let dir = ''
beforeEach(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'read-at-most-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const uid = process.getuid?.()

describe('readFileAtMost', () => {
  it('follows a link by default, and refuses one with followLinks: false', () => {
    const file = join(dir, 'file')
    fs.writeFileSync(file, 'text')
    const link = join(dir, 'link')
    fs.symlinkSync(file, link)
    expect(readFileAtMost(fs, link, 10)).toMatchObject({ kind: 'read' })
    expect(readFileAtMost(fs, link, 10, { followLinks: false })).toEqual({
      kind: 'error',
      code: 'ELOOP',
    })
    expect(readFileAtMost(fs, file, 10, { followLinks: false })).toMatchObject({ kind: 'read' })
  })

  it.skipIf(uid === undefined)('refuses a file another user owns or others may write', () => {
    const file = join(dir, 'file')
    fs.writeFileSync(file, 'text', { mode: 0o600 })
    expect(readFileAtMost(fs, file, 10, { ownedBy: uid })).toMatchObject({ kind: 'read' })
    const other = readFileAtMost(fs, file, 10, { ownedBy: (uid ?? 0) + 1 })
    expect(other).toEqual({ kind: 'not-owned' })
    if (other.kind !== 'read')
      expect(unreadReason(other, 10)).toBe("another user's, or writable by others")
    fs.chmodSync(file, 0o622)
    expect(readFileAtMost(fs, file, 10, { ownedBy: uid })).toEqual({ kind: 'not-owned' })
    expect(readFileAtMost(fs, file, 10, { ownedBy: undefined })).toMatchObject({ kind: 'read' })
  })

  it('refuses a file over its bound before reading it', () => {
    const file = join(dir, 'big')
    fs.writeFileSync(file, 'x'.repeat(11))
    expect(readFileAtMost(fs, file, 10)).toEqual({ kind: 'too-large' })
  })
})
