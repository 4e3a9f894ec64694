import { compose } from '@adonisjs/core/helpers'
import { BaseModel } from '@adonisjs/lucid/orm'
import { announcesChanges } from '#models/mixins/announces_changes'
import { withTimestamps } from '#models/mixins/timestamps'

/**
 * The base of a creator and the rows shown with it in the creator list (its
 * platform accounts and ad prices): timestamps, and every save or delete
 * announced as `creator:changed`.
 */
export const CreatorRecord = compose(BaseModel, announcesChanges('creator:changed'), withTimestamps)
