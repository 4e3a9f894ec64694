import { randomUUID } from 'node:crypto'
import { mkdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import logger from '@adonisjs/core/services/logger'
import StudioException from '#exceptions/studio_exception'
import LabsDataExportJob from '#jobs/labs_data_export_job'
import Creator from '#models/creator'
import LabsDataExport from '#models/labs_data_export'
import User from '#models/user'
import QueueService from '#queue/main'
import {
  DATA_EXPORT_FIELDS,
  DATA_EXPORT_LIMITS,
  type DataExportField,
} from '#shared/labs_downloads'
import { LEASE_OWNER, claimLease, lapsedLeases } from '#support/lease'
import { affectedRows, sqlDateTime } from '#support/sql'
import { figuresOf, periodTooLong, periodsOf, snapPeriod } from '#services/labs/data_export_figures'
import { DataExportWorkbook } from '#services/labs/data_export_workbook'
import type { DataExportParams } from '#validators/labs_downloads'

/** Creators read and written per step (one progress write each). */
const CREATORS_PER_STEP = 25
/** Finished workbooks are kept this long, then removed with their row. */
const KEEP_HOURS = 24

/**
 * The Labs data download (SPEC §2 'Labs'): weekly or monthly figures of a
 * set of creators as a workbook. A request records the row and queues
 * LabsDataExportJob with its id; the job claims the row with the one lease,
 * writes the workbook to storage creator by creator (streamed, the row's
 * `processed` counting them) and marks it completed, or failed with the
 * reason. The screen polls the row and downloads the file when it is done.
 */
export default class DataExportService {
  static folder() {
    return app.makePath('storage/labs/exports')
  }

  /**
   * Records a download for `user` and queues its job. Every creator must be
   * one `user` may see (Creator.visibleTo), else 422 naming none of them.
   */
  static async queue(user: User, params: DataExportParams, locale: string) {
    QueueService.assertAvailable()
    if (params.end < params.start) {
      throw new StudioException('labs.data.errors.range_order', { status: 422 })
    }
    const { start, end } = snapPeriod(params.granularity, params.start, params.end)
    if (periodTooLong(params.granularity, start, end)) {
      const max =
        params.granularity === 'week' ? DATA_EXPORT_LIMITS.maxWeeks : DATA_EXPORT_LIMITS.maxMonths
      throw new StudioException(`labs.data.errors.too_long_${params.granularity}`, {
        status: 422,
        data: { max },
      })
    }
    const ids = [...new Set(params.creator_ids)]
    const visible = await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .whereIn('creators.id', ids)
      .select('creators.id')
    if (visible.length !== ids.length) {
      throw new StudioException('labs.data.errors.creators_not_visible', { status: 422 })
    }
    const fields = DATA_EXPORT_FIELDS.filter((field) => params.fields.includes(field))
    await this.prune()
    const record = await LabsDataExport.create({
      userId: user.id,
      status: 'queued',
      granularity: params.granularity,
      startDate: start,
      endDate: end,
      creatorIds: ids,
      fields,
      locale,
      total: ids.length,
      processed: 0,
      rows: 0,
    })
    try {
      await QueueService.dispatch(LabsDataExportJob, { exportId: record.id })
    } catch (error) {
      await this.fail(record.id, 'queue_failed')
      throw error
    }
    return record
  }

  /** `user`'s download `id` (admins: anyone's); 404 otherwise. A dead run is marked first. */
  static async find(user: User, id: number) {
    await this.sweep()
    const query = LabsDataExport.query().where('id', id)
    if (user.role !== 'admin') query.where('user_id', user.id)
    const record = await query.first()
    if (!record) throw new StudioException('labs.data.errors.not_found', { status: 404 })
    return record
  }

  /** The finished workbook's path on disk (409 while it is not finished). */
  static async file(user: User, id: number) {
    const record = await this.find(user, id)
    if (record.status !== 'completed' || !record.filePath) {
      throw new StudioException('labs.data.errors.not_ready', { status: 409 })
    }
    const path = join(this.folder(), record.filePath)
    try {
      await stat(path)
    } catch {
      throw new StudioException('labs.data.errors.file_gone', { status: 410 })
    }
    return { record, path }
  }

  /**
   * The job's work: claims a queued row (or one whose process died) with
   * the lease, writes the workbook and marks the row. A row already finished
   * or held by a live process is left alone, so a job run twice writes once.
   */
  static async run(exportId: number) {
    const row = await LabsDataExport.find(exportId)
    if (!row || row.status === 'completed' || row.status === 'failed') return row
    const lease = await claimLease('labs_data_exports', exportId, {
      where: (query) => query.where('status', 'queued'),
      set: { status: 'running', processed: 0, rows: 0, updated_at: sqlDateTime() },
    })
    if (!lease) return row
    let lost = false
    lease.onLost(() => (lost = true))
    await row.refresh()
    const name = `${randomUUID()}.xlsx`
    const path = join(this.folder(), name)
    try {
      await mkdir(this.folder(), { recursive: true })
      const rows = await this.#write(row, path, () => lost)
      if (lost) throw new Error('lease lost')
      const { size } = await stat(path)
      await LabsDataExport.query().where('id', row.id).where('lease_owner', LEASE_OWNER).update({
        status: 'completed',
        processed: row.total,
        rows,
        file_path: name,
        file_bytes: size,
        lease_owner: null,
        finished_at: sqlDateTime(),
        updated_at: sqlDateTime(),
      })
    } catch (error) {
      logger.warn({ err: error, exportId }, 'labs data export failed')
      await unlink(path).catch(() => {})
      if (!lost) await this.fail(row.id, 'failed')
    } finally {
      lease.stop()
    }
    await row.refresh()
    return row
  }

  static async #write(row: LabsDataExport, path: string, lost: () => boolean) {
    const i18n = i18nManager.locale(row.locale)
    const t = (key: string, data?: Record<string, unknown>) =>
      i18n.t(`labs.data.sheet.${key}`, data)
    const periods = periodsOf(row.granularity, row.startDate, row.endDate, Number.MAX_SAFE_INTEGER)
    const workbook = new DataExportWorkbook(path, {
      fields: row.fields as DataExportField[],
      t,
      platformName: (key) => i18n.t(`dashboard.platforms.${key}`),
    })
    // who asked may see fewer creators by now (a role changed): only those are written
    const user = await User.find(row.userId)
    let written = 0
    let processed = 0
    for (let index = 0; index < row.creatorIds.length; index += CREATORS_PER_STEP) {
      if (lost()) break
      const ids = row.creatorIds.slice(index, index + CREATORS_PER_STEP)
      const creators = user
        ? await Creator.query()
            .withScopes((scopes) => scopes.visibleTo(user))
            .whereIn('creators.id', ids)
            .select('creators.id', 'creators.channel_name', 'creators.brand_no')
        : []
      const byId = new Map(creators.map((creator) => [creator.id, creator]))
      const shown = ids.filter((id) => byId.has(id))
      const figures = await figuresOf(shown, periods, row.fields)
      for (const id of shown) {
        const creator = byId.get(id)!
        written += workbook.write(
          { channelName: creator.channelName, brandNo: creator.brandNo },
          figures.filter((item) => item.creatorId === id)
        )
      }
      processed += ids.length
      await LabsDataExport.query()
        .where('id', row.id)
        .update({ processed, rows: written, updated_at: sqlDateTime() })
    }
    await workbook.close({
      granularity: row.granularity,
      start: row.startDate,
      end: row.endDate,
      creators: row.creatorIds.length,
      rows: written,
    })
    return written
  }

  /** Marks a download failed with `error` (a key of labs.data.errors). */
  static async fail(id: number, error: string) {
    await LabsDataExport.query().where('id', id).whereIn('status', ['queued', 'running']).update({
      status: 'failed',
      error,
      lease_owner: null,
      finished_at: sqlDateTime(),
      updated_at: sqlDateTime(),
    })
  }

  /** Running downloads whose process died (their lease lapsed) are failed, "interrupted". */
  static async sweep() {
    const lapsed = await lapsedLeases('labs_data_exports', (query) =>
      query.where('status', 'running')
    )
    for (const { id, owner } of lapsed) {
      const taken = await LabsDataExport.query()
        .where('id', id)
        .where('status', 'running')
        .where((query) =>
          owner ? query.where('lease_owner', owner) : query.whereNull('lease_owner')
        )
        .update({
          status: 'failed',
          error: 'interrupted',
          lease_owner: null,
          finished_at: sqlDateTime(),
          updated_at: sqlDateTime(),
        })
      if (affectedRows(taken)) logger.warn({ exportId: id, owner }, 'labs data export interrupted')
    }
  }

  /** Downloads finished more than a day ago go, with their files. */
  static async prune() {
    const before = sqlDateTime(DateTime.utc().minus({ hours: KEEP_HOURS }))
    const old = await LabsDataExport.query()
      .whereIn('status', ['completed', 'failed'])
      .where('finished_at', '<', before)
      .limit(100)
    for (const record of old) {
      if (record.filePath) await unlink(join(this.folder(), record.filePath)).catch(() => {})
      await record.delete()
    }
  }
}
