import emitter from '@adonisjs/core/services/emitter'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { afterDelete, afterSave, type BaseModel } from '@adonisjs/lucid/orm'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** What a model announces after each save or delete (api/start/events.ts decides what follows). */
export interface ChangeEvents {
  /** A creator, one of its platform accounts or ad prices changed: what the creator list shows. */
  'creator:changed': { trx: TransactionClientContract | undefined }
  /** A user changed (status, role, password …): their verified tokens must be looked up again. */
  'user:changed': { userId: number; trx: TransactionClientContract | undefined }
}

/**
 * Makes a model announce every save and delete as `event`, so that what
 * depends on its rows (an in-process cache) follows even a write made
 * outside the services (a seeder, a test, the REPL). The model does not
 * know who listens.
 */
export function announcesChanges(event: keyof ChangeEvents) {
  return <Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) => {
    class AnnouncesChanges extends superclass {
      @afterSave()
      @afterDelete()
      static async announceChange(row: LucidRow) {
        const trx = row.$trx
        if (event === 'user:changed') {
          await emitter.emit(event, { userId: Number(row.$primaryKeyValue), trx })
        } else {
          await emitter.emit(event, { trx })
        }
      }
    }
    return AnnouncesChanges
  }
}
