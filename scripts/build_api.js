/**
 * The API's production build: every TypeScript file of the server (api/,
 * bin/, config/, database/, bench/, adonisrc.ts) compiled once to plain
 * JavaScript in build/ with SWC — the same compiler, with the same
 * decorator settings, that the development loader uses — so production
 * starts with `node build/bin/server.js` and no runtime loader.
 *
 * build/ is the application root of the compiled server: package.json is
 * copied (its `imports` map points at the compiled files) and what the
 * server reads at run time stays in one place through links — .env,
 * storage/, resources/ (languages), admin/ (the built admin), scripts/.
 * Dependencies resolve from the project's node_modules.
 *
 * `ensureApiBuild()` rebuilds only when a source is newer than the build.
 */
import { transformFile } from '@swc/core'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'build')
const stampFile = join(out, '.built')
const SOURCES = ['api', 'bin', 'config', 'database', 'bench', 'adonisrc.ts']
const LINKS = ['.env', 'storage', 'resources', 'admin', 'scripts', 'node_modules']

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: true,
}

function* tsFiles(path) {
  const stats = statSync(path)
  if (stats.isFile()) {
    if (path.endsWith('.ts') && !path.endsWith('.d.ts')) yield path
    return
  }
  for (const name of readdirSync(path)) yield* tsFiles(join(path, name))
}

function sources() {
  return SOURCES.map((name) => join(root, name))
    .filter((path) => existsSync(path))
    .flatMap((path) => [...tsFiles(path)])
}

/** Whether build/ is missing or older than any source (or package.json). */
export function apiBuildIsStale() {
  if (!existsSync(stampFile)) return true
  const built = statSync(stampFile).mtimeMs
  const files = sources()
  // a removed source leaves its compiled file behind: the count tells
  if (readFileSync(stampFile, 'utf8').split(' ')[1] !== String(files.length)) return true
  return [...files, join(root, 'package.json')].some((path) => statSync(path).mtimeMs > built)
}

export async function buildApi() {
  const started = Date.now()
  rmSync(out, { recursive: true, force: true })
  const files = sources()
  for (const file of files) {
    const target = join(out, relative(root, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(target), { recursive: true })
    const { code, map } = await transformFile(file, {
      ...SWC_OPTIONS,
      filename: file,
      sourceFileName: relative(dirname(target), file),
    })
    writeFileSync(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`)
    if (map) writeFileSync(`${target}.map`, map)
  }
  copyFileSync(join(root, 'package.json'), join(out, 'package.json'))
  // the compiled console: `node build/ace.js <command>`
  writeFileSync(join(out, 'ace.js'), "await import('./bin/console.js')\n")
  for (const name of LINKS) {
    const link = join(out, name)
    if (existsSync(link) || isLink(link)) continue
    symlinkSync(relative(out, join(root, name)), link)
  }
  writeFileSync(stampFile, `${new Date().toISOString()} ${files.length}`)
  return { files: files.length, ms: Date.now() - started }
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/** Builds the API when it is missing or stale; prints one line when it does. */
export async function ensureApiBuild() {
  if (!apiBuildIsStale()) return false
  const { files, ms } = await buildApi()
  console.log(`Compiled the API: ${files} files to build/ in ${(ms / 1000).toFixed(1)} s.`)
  return true
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, ms } = await buildApi()
  console.log(`Compiled the API: ${files} files to build/ in ${(ms / 1000).toFixed(1)} s.`)
}
