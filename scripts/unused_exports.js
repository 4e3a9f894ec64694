#!/usr/bin/env node
/*
 * Lists named exports of api/ and admin/src/ that no other file names.
 * Reads each file's exports with the TypeScript parser and looks for the
 * name as a word in every other source file (api, admin/src, tests, bench,
 * scripts, config, database, commands, bin). Default exports are the
 * framework's (controllers, migrations, providers) and are not checked.
 * Exits 1 when it finds any, naming file:line and the export.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = new URL('..', import.meta.url).pathname
const CHECKED = ['api', 'admin/src']
const READERS = [
  'api',
  'admin/src',
  'tests',
  'bench',
  'scripts',
  'config',
  'database',
  'commands',
  'bin',
  'admin/vite',
  'admin/tests',
]
const SOURCE = /\.(ts|tsx|js|mjs)$/

function filesUnder(dir) {
  const out = []
  let entries = []
  try {
    entries = readdirSync(join(ROOT, dir))
  } catch {
    return out
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'build' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path))
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function exportsOf(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found = []
  const exported = (node) =>
    ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export &&
    !(ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Default)
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) found.push([declaration.name.text, line(statement)])
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name &&
      exported(statement)
    ) {
      found.push([statement.name.text, line(statement)])
    }
  }
  return found
}

const readers = [...new Set(READERS.flatMap(filesUnder))]
const texts = new Map(readers.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]))
const unused = []
for (const path of CHECKED.flatMap(filesUnder)) {
  const text = texts.get(path) ?? readFileSync(join(ROOT, path), 'utf8')
  for (const [name, line] of exportsOf(path, text)) {
    const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`)
    const named = [...texts].some(([other, body]) => other !== path && word.test(body))
    if (!named) unused.push(`${relative(ROOT, join(ROOT, path))}:${line} ${name}`)
  }
}
if (unused.length) {
  console.log(`Exports no other file names (${unused.length}): remove them, or the export keyword`)
  for (const entry of unused) console.log(`  ${entry}`)
  process.exit(1)
}
console.log('unused exports: none')
