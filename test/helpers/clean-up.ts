import { rm } from 'node:fs/promises'
import { afterEach } from 'vitest'
import { stopRunning } from './cli-in-process.js'
import { killSpawned } from './spawn-cli.js'

/**
 * Lists a test file fills with the servers and temporary folders it starts: after every test,
 * spawned CLIs are killed, CLIs run in-process stopped, the servers closed and the folders removed. Builders only.
 */
export const cleanUpAfterEach = <Server extends { close(): Promise<void> }>() => {
  const servers: Server[] = []
  const dirs: string[] = []
  afterEach(async () => {
    await Promise.all([killSpawned(), stopRunning()])
    await Promise.all(servers.splice(0).map((server) => server.close()))
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })
  return { servers, dirs }
}
