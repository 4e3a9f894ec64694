import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yazl from 'yazl'
import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import {
  COVER_RULES,
  type CoverSize,
  type CropPosition,
  type ResizeMode,
} from '#shared/cover_sizes'
import {
  EXTENSION_OF,
  MIME_OF,
  formatFor,
  previewOf,
  renderCover,
  type ResizeInput,
} from '#services/labs/cover_resizer'

/**
 * One run of the resizer over the chosen sizes: every output written to a
 * folder of its own (tmp/mcn-labs-covers/<id>), answered as small previews
 * with their download names, and kept for BATCH_TTL_MS so that the person can
 * download one or all (a zip, streamed from the files). Only the user who
 * made a batch reads it. Old batches are removed whenever a new one is made,
 * and the folder keeps at most BATCHES_MAX_BYTES (oldest removed first).
 */

const ROOT = join(tmpdir(), 'mcn-labs-covers')
const BATCH_TTL_MS = 30 * 60_000
const BATCHES_MAX_BYTES = 256 * 1024 * 1024
const ID_PATTERN = /^[0-9a-f-]{36}$/

interface CoverBatchRequest {
  sizes: CoverSize[]
  mode: ResizeMode
  position: CropPosition
  background: string
}

interface StoredOutput {
  key: string
  platform: string
  width: number
  height: number
  aspect: string
  format: 'jpeg' | 'png'
  file: string
  bytes: number
  source: CoverSize['source']
}

interface Manifest {
  id: string
  userId: number
  createdAt: number
  bytes: number
  outputs: StoredOutput[]
}

function folderOf(id: string) {
  return join(ROOT, id)
}

async function manifests(): Promise<Manifest[]> {
  const names = await readdir(ROOT).catch(() => [] as string[])
  const found: Manifest[] = []
  for (const name of names) {
    if (!ID_PATTERN.test(name)) continue
    const manifest = await readManifest(name)
    if (manifest) found.push(manifest)
    else {
      // a folder without its manifest: being written, or left by a crash
      const info = await stat(folderOf(name)).catch(() => null)
      if (info && Date.now() - info.mtimeMs > BATCH_TTL_MS) {
        await rm(folderOf(name), { recursive: true, force: true })
      }
    }
  }
  return found
}

async function readManifest(id: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(folderOf(id), 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return null
  }
}

/** Removes lapsed batches, then the oldest until `incoming` more bytes fit the budget. */
async function sweep(incoming = 0) {
  const found = await manifests()
  const all = found.sort((a, b) => a.createdAt - b.createdAt)
  let total = all.reduce((sum, manifest) => sum + manifest.bytes, 0) + incoming
  for (const manifest of all) {
    const lapsed = Date.now() - manifest.createdAt > BATCH_TTL_MS
    if (!lapsed && total <= BATCHES_MAX_BYTES) continue
    await rm(folderOf(manifest.id), { recursive: true, force: true })
    total -= manifest.bytes
  }
}

function presentOutput(batchId: string, output: StoredOutput, preview: Buffer | null) {
  return {
    key: output.key,
    platform: output.platform,
    width: output.width,
    height: output.height,
    aspect: output.aspect,
    format: output.format,
    bytes: output.bytes,
    file: output.file,
    source: output.source,
    url: `/api/labs/covers/${batchId}/${output.key}`,
    preview: preview ? `data:image/jpeg;base64,${preview.toString('base64')}` : null,
  }
}

export default class CoverBatches {
  /** Makes every size of `request` from `input`; the batch with a preview of each. */
  static async create(user: User, input: ResizeInput, request: CoverBatchRequest) {
    await sweep()
    const id = randomUUID()
    const folder = folderOf(id)
    await mkdir(folder, { recursive: true })
    try {
      const outputs: StoredOutput[] = []
      const previews: Buffer[] = []
      for (const size of request.sizes) {
        const format = formatFor(size, input)
        const bytes = await renderCover(input, {
          width: size.width,
          height: size.height,
          format,
          mode: request.mode,
          position: request.position,
          background: request.background,
          maxBytes: COVER_RULES[size.platform].maxBytes,
        })
        const file = `${size.key}.${EXTENSION_OF[format]}`
        await writeFile(join(folder, file), bytes)
        previews.push(await previewOf(bytes))
        outputs.push({
          key: size.key,
          platform: size.platform,
          width: size.width,
          height: size.height,
          aspect: size.aspect,
          format,
          file,
          bytes: bytes.length,
          source: size.source,
        })
      }
      const manifest: Manifest = {
        id,
        userId: user.id,
        createdAt: Date.now(),
        bytes: outputs.reduce((sum, output) => sum + output.bytes, 0),
        outputs,
      }
      await sweep(manifest.bytes)
      await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest))
      return {
        id,
        zip_url: `/api/labs/covers/${id}/zip`,
        expires_at: new Date(manifest.createdAt + BATCH_TTL_MS).toISOString(),
        items: outputs.map((output, index) => presentOutput(id, output, previews[index])),
      }
    } catch (error) {
      await rm(folder, { recursive: true, force: true })
      throw error
    }
  }

  /** The user's batch `id`, still kept; else 404 (another user's batch is not told apart). */
  static async find(user: User, id: string) {
    const manifest = ID_PATTERN.test(id) ? await readManifest(id) : null
    if (
      !manifest ||
      manifest.userId !== user.id ||
      Date.now() - manifest.createdAt > BATCH_TTL_MS
    ) {
      throw new StudioException('labs.resizer.errors.batch_gone', { status: 404 })
    }
    return manifest
  }

  /** One output of the batch: its bytes, type and download name. */
  static async output(user: User, id: string, key: string) {
    const manifest = await this.find(user, id)
    const output = manifest.outputs.find((candidate) => candidate.key === key)
    if (!output) throw new StudioException('labs.resizer.errors.batch_gone', { status: 404 })
    return {
      bytes: await readFile(join(folderOf(id), output.file)),
      mime: MIME_OF[output.format],
      name: output.file,
    }
  }

  /** Every output of the batch as a zip, streamed as it is written (no compression: they are images). */
  static async zip(user: User, id: string) {
    const manifest = await this.find(user, id)
    const zip = new yazl.ZipFile()
    for (const output of manifest.outputs) {
      zip.addReadStream(createReadStream(join(folderOf(id), output.file)), output.file, {
        compress: false,
        mtime: new Date(manifest.createdAt),
      })
    }
    zip.end()
    return { stream: zip.outputStream, name: `covers-${id.slice(0, 8)}.zip` }
  }
}
