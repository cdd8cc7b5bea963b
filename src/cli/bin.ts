#!/usr/bin/env node
// The package's bin (dist/bin/main.js): it runs the CLI's one-file bundle (dist/bin/cli.cjs, built
// from main.ts by scripts/bundle-bin.mjs) with V8's compiled code of the command's last start
// (code-cache.ts). Nothing else: the CLI itself, and its process, are main.ts's.
import { fileURLToPath } from 'node:url'
import { runCached } from './code-cache.js'
import { commandNameOf } from './command-names.js'

runCached(fileURLToPath(new URL('cli.cjs', import.meta.url)), commandNameOf(process.argv.slice(2)))
