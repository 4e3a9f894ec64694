import { test } from '@japa/runner'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { once } from 'node:events'
import app from '@adonisjs/core/services/app'
import { eventually, freePort, ownSetup } from '#tests/helpers/processes'

/**
 * The real server process, as a supervisor runs it: SIGTERM must stop it
 * (HTTP server closed, queue worker stopped) with exit code 0, quickly.
 */
test.group('graceful shutdown', (group) => {
  ownSetup(group)
  test('SIGTERM stops the HTTP server and the queue worker and exits 0', async ({ assert }) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcn-shutdown-'))
    // Beside the test server's own port, so that parallel runs (each with its PORT) never share it.
    const port = Number(process.env.PORT ?? 3334) + 57
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DB_CONNECTION: 'sqlite',
      SQLITE_PATH: join(folder, 'db.sqlite3'),
      REDIS_HOST: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    }
    delete (env as Record<string, string | undefined>).REDIS_HOST
    let started: ChildProcess | undefined
    try {
      const migrate = spawnSync(process.execPath, ['ace', 'migration:run', '--force'], {
        cwd: app.makePath(),
        env,
      })
      assert.equal(migrate.status, 0, String(migrate.stderr))

      const server = spawn(
        process.execPath,
        ['--import=ts-node-maintained/register/esm', 'bin/server.ts'],
        {
          cwd: app.makePath(),
          env,
        }
      )
      started = server
      let output = ''
      server.stdout.on('data', (chunk) => (output += chunk))
      server.stderr.on('data', (chunk) => (output += chunk))

      let healthy = false
      for (let attempt = 0; attempt < 120 && !healthy; attempt++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(500),
        })
          .then((response) => response.ok)
          .catch(() => false)
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250))
      }
      assert.isTrue(healthy, `the server answered /api/health\n${output}`)
      // the worker starts after the server listens: its line may come after the first answer
      const worker = await eventually(() => output.includes('queue worker started (in-process)'))
      assert.isTrue(worker, `the queue worker started\n${output}`)

      for (const path of [
        '/api/health',
        '/api/client-info',
        '/api/user/info',
        '/login',
        '/api/resource?key=group',
      ]) {
        await fetch(`http://127.0.0.1:${port}${path}`).then((response) => response.arrayBuffer())
      }
      await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'nobody@mcn.local', password: 'wrong-password' }),
      }).then((response) => response.arrayBuffer())

      const exit = new Promise<number | null>((resolve) =>
        server.once('exit', (code) => resolve(code))
      )
      server.kill('SIGTERM')
      const code = await Promise.race([
        exit,
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000)),
      ])
      if (code === 'timeout') server.kill('SIGKILL')
      assert.equal(code, 0, `exit code after SIGTERM\n${output}`)

      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => false,
        () => true
      )
      assert.isTrue(refused, 'nothing listens after the shutdown')
    } finally {
      // a failed step before the SIGTERM must not leave the server holding the port for later runs
      if (started && started.exitCode === null && started.signalCode === null) {
        started.kill('SIGKILL')
      }
      rmSync(folder, { recursive: true, force: true })
    }
  }).timeout(60_000)
})

/**
 * `npm start` (scripts/start.js) as a supervisor sees it: a SIGTERM to it
 * reaches the server (the port is freed, exit 0); a server killed any other
 * way (kill -9, an OOM kill) makes it exit non-zero, so restart-on-failure
 * restarts it.
 */
test.group('npm start supervision', (group) => {
  ownSetup(group)
  const started: ChildProcess[] = []

  /** Nothing this test started outlives it, whatever failed. */
  function stopAll() {
    for (const studio of started.splice(0)) {
      if (studio.exitCode !== null || studio.signalCode !== null) continue
      for (const pid of descendantsOf(studio.pid!)) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      studio.kill('SIGKILL')
    }
  }

  async function startStudio(port: number, folder: string, command = 'node') {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      DB_CONNECTION: 'sqlite',
      SQLITE_PATH: join(folder, 'db.sqlite3'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
    }
    delete env.REDIS_HOST
    const studio =
      command === 'npm'
        ? spawn('npm', ['start'], { cwd: app.makePath(), env })
        : spawn(process.execPath, ['scripts/start.js'], { cwd: app.makePath(), env })
    started.push(studio)
    let output = ''
    studio.stdout.on('data', (chunk) => (output += chunk))
    studio.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<{ code: number | null }>((resolve) =>
      studio.once('exit', (code) => resolve({ code }))
    )
    for (let attempt = 0; attempt < 480; attempt++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(500),
      })
        .then((response) => response.ok)
        .catch(() => false)
      if (up) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return { studio, exited, output: () => output }
  }

  const portFree = (port: number) =>
    fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) })
      .then(() => false)
      .catch(() => true)

  test('SIGTERM to npm start frees the port and exits 0; kill -9 of the server exits non-zero', async ({
    assert,
  }) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcn-supervise-'))
    const port = await freePort()
    try {
      const first = await startStudio(port, folder)
      assert.isFalse(await portFree(port), `the studio answered\n${first.output()}`)
      first.studio.kill('SIGTERM')
      const stopped = await first.exited
      assert.equal(stopped.code, 0, first.output())
      assert.isTrue(await portFree(port), 'the port is free after SIGTERM')

      const second = await startStudio(port, folder)
      const children = spawnSync('pgrep', ['-P', String(second.studio.pid)], { encoding: 'utf8' })
      const serverPid = Number(String(children.stdout).split('\n').filter(Boolean)[0])
      assert.isAbove(serverPid, 0, 'the server runs as a child of npm start')
      const command = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').join(' ')
      assert.include(command, 'build/bin/server.js', 'npm start runs the compiled server')
      assert.notInclude(command, 'ts-node', 'no runtime TypeScript loader in production')
      process.kill(serverPid, 'SIGKILL')
      const killed = await second.exited
      assert.notEqual(killed.code, 0, second.output())
      assert.isTrue(await portFree(port), 'nothing is left on the port')
    } finally {
      stopAll()
      rmSync(folder, { recursive: true, force: true })
    }
  }).timeout(240_000)

  /** The pids under `pid`, depth first. */
  const descendantsOf = (pid: number): number[] =>
    String(spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout)
      .split('\n')
      .filter(Boolean)
      .flatMap((child) => [Number(child), ...descendantsOf(Number(child))])
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  const commandOf = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
    } catch {
      return ''
    }
  }

  test('SIGTERM to the npm process itself stops the server; kill -9 of npm start stops it too', async ({
    assert,
  }) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcn-npm-start-'))
    const port = await freePort()
    const waitFor = async (condition: () => boolean | Promise<boolean>) => {
      for (let attempt = 0; attempt < 120; attempt++) {
        if (await condition()) return true
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      return false
    }
    try {
      // as a supervisor or `kill PID` does it: the signal goes to npm alone, not to its group
      const first = await startStudio(port, folder, 'npm')
      assert.isFalse(await portFree(port), `the studio answered\n${first.output()}`)
      const under = descendantsOf(first.studio.pid!)
      const server = under.find((pid) => commandOf(pid).includes('build/bin/server.js'))
      assert.isDefined(server, `the server runs under npm start: ${under.map(commandOf)}`)
      first.studio.kill('SIGTERM')
      await first.exited
      assert.isTrue(await waitFor(() => portFree(port)), `the port is freed\n${first.output()}`)
      assert.isTrue(
        await waitFor(() => under.every((pid) => !alive(pid))),
        `nothing npm started is left: ${under.filter(alive).map(commandOf)}`
      )

      // npm start's own process killed outright: the server hears its channel close and stops
      const second = await startStudio(port, folder)
      const children = descendantsOf(second.studio.pid!)
      const serverPid = children.find((pid) => commandOf(pid).includes('build/bin/server.js'))!
      assert.isDefined(serverPid)
      second.studio.kill('SIGKILL')
      await second.exited
      assert.isTrue(await waitFor(() => !alive(serverPid)), 'the server stops')
      assert.isTrue(await waitFor(() => portFree(port)), 'the port is freed')
    } finally {
      stopAll()
      rmSync(folder, { recursive: true, force: true })
    }
  }).timeout(240_000)

  test('npm start on a port already in use says so at once and exits 1, announcing nothing', async ({
    assert,
  }) => {
    const port = await freePort()
    const other = createServer().listen(port, '127.0.0.1')
    await once(other, 'listening')
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
      }
      const run = spawnSync(process.execPath, ['scripts/start.js'], {
        cwd: app.makePath(),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      })
      const output = `${run.stdout}${run.stderr}`
      assert.equal(run.status, 1, output)
      assert.include(output, `Port ${port} on 127.0.0.1 is already in use`)
      assert.include(output, `PORT=${port + 1} npm start`)
      assert.notInclude(output, 'is running at')
    } finally {
      other.close()
    }
  }).timeout(90_000)
})
