import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  /*
  | Providers stop in reverse order: the studio's own (the queue worker, the
  | sweeps, work begun after a commit) finish before the database and Redis
  | close.
  */
  experimental: { shutdownInReverseOrder: true },

  /*
  | Ace commands: the framework's, Lucid's and the studio's own (api/commands).
  */
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@rlanz/bull-queue/queue_provider'),
    () => import('#providers/app_provider'),
    () => import('#providers/fake_platforms_provider'),
  ],

  preloads: [
    () => import('#start/validator'),
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/events'),
  ],

  /*
  | Adonis's directories, mapped onto the studio's layout (api/ holds what
  | Adonis calls app/; the built admin is the public folder).
  */
  directories: {
    config: 'config',
    commands: 'api/commands',
    httpControllers: 'api/controllers',
    exceptions: 'api/exceptions',
    models: 'api/models',
    services: 'api/services',
    validators: 'api/validators',
    policies: 'api/policies',
    middleware: 'api/middleware',
    providers: 'api/providers',
    start: 'api/start',
    migrations: 'database/migrations',
    seeders: 'database/seeders',
    factories: 'database/factories',
    languageFiles: 'resources/lang',
    public: 'admin/dist',
    tmp: 'storage/tmp',
    tests: 'tests',
  },

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec(.ts|.js)'], name: 'unit', timeout: 10_000 },
      { files: ['tests/functional/**/*.spec(.ts|.js)'], name: 'functional', timeout: 30_000 },
      { files: ['tests/browser/**/*.spec(.ts|.js)'], name: 'browser', timeout: 120_000 },
    ],
    forceExit: false,
  },

  metaFiles: [{ pattern: 'resources/lang/**/*.{json,yaml}', reloadServer: false }],
})
