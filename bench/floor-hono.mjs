// The floor of any mock that judges its input: plain Hono on @hono/node-server that reads each
// request's JSON body and validates params and body with the kit's own schemas (the operation
// table), then answers fixed JSON of the mock's size. Everything the mock costs above this is its
// own work (session, scenario, store, ids, journal); everything below is the stack's.
// Usage: node bench/floor-hono.mjs PORT BODIES_JSON_FILE
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { OPERATION_TABLE } from '../dist/src/api/operation-table.js'

const [port, file] = process.argv.slice(2)
const bodies = JSON.parse(readFileSync(file, 'utf8'))
const app = new Hono()
for (const entry of OPERATION_TABLE) {
  app.on(entry.method, entry.routingPath, async (c) => {
    if (entry.paramsSchema && !entry.paramsSchema.safeParse(c.req.param()).success)
      return c.json({ error: 'params' }, 400)
    if (!entry.bodySchema.safeParse(await c.req.json()).success)
      return c.json({ error: 'body' }, 400)
    return c.json(bodies[entry.operationId], entry.success.status)
  })
}
app.get('/', (c) => c.json({ ok: true }))
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' })
// An orderly exit on SIGINT, so `node --cpu-prof` writes its profile (bench/profile.mjs).
process.on('SIGINT', () => process.exit(0))
