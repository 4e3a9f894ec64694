import { FakePlatformServer, fakeBases } from '#platforms/upload/fake_server'

/**
 * The in-process fake platform server of simulated mode (the demo): one per
 * process, started on first use (or at boot by the fake platforms provider)
 * on FAKE_PLATFORMS_PORT (a free port by default), its state in
 * FAKE_PLATFORMS_STATE so uploads and published videos survive a restart.
 * With a fixed port that another process of the studio already serves (the
 * web server, when a separate queue worker runs), that process's server is
 * used instead of starting a second one.
 */
let starting: Promise<FakePlatformServer> | null = null
/** The bases of another process's server on the fixed port, once found there. */
let elsewhere: ReturnType<typeof fakeBases> | null = null

export const FakePlatforms = {
  options: { port: 0, statePath: null as string | null },

  /** The server of this process, started when needed. */
  shared(): Promise<FakePlatformServer> {
    starting ??= FakePlatformServer.start({
      port: this.options.port,
      statePath: this.options.statePath,
    }).catch((error) => {
      starting = null
      throw error
    })
    return starting
  },

  /** The base URLs the adapters use: this process's server, or another's on the fixed port. */
  async bases() {
    if (elsewhere) return elsewhere
    try {
      const server = await this.shared()
      return server.bases
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      if (inUse && this.options.port > 0) {
        elsewhere = fakeBases(`http://127.0.0.1:${this.options.port}`)
        return elsewhere
      }
      throw error
    }
  },

  async stop() {
    const running = starting
    starting = null
    elsewhere = null
    if (!running) return
    const server = await running
    await server.close()
  },
}
