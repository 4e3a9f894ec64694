import { FakePlatformServer } from '#platforms/upload/fake_server'

/**
 * The in-process fake platform server of simulated mode (the demo): one per
 * process, started on first use (or at boot by the fake platforms provider)
 * on FAKE_PLATFORMS_PORT (a free port by default), its state in
 * FAKE_PLATFORMS_STATE so uploads and published videos survive a restart.
 */
let starting: Promise<FakePlatformServer> | null = null

export const FakePlatforms = {
  options: { port: 0, statePath: null as string | null },

  /** The running server, started when needed. */
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

  /** Whether it runs (or is starting) in this process. */
  get started() {
    return starting !== null
  },

  async stop() {
    const running = starting
    starting = null
    if (!running) return
    const server = await running
    await server.close()
  },
}
