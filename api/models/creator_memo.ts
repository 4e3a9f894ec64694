import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withCreator, withAuthor } from '#models/mixins/columns'

/** One entry of a creator's memo history (who wrote what, when). */
export default class CreatorMemo extends compose(
  BaseModel,
  withCreator,
  withAuthor,
  withCreatedAt
) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare body: string
}
