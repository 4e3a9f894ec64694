import { DateTime } from 'luxon'
import { belongsTo, column, hasMany, manyToMany, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import Team from '#models/team'
import User from '#models/user'
import CreatorPlatformAccount from '#models/creator_platform_account'
import CreatorAdPrice from '#models/creator_ad_price'
import CreatorMemo from '#models/creator_memo'
import CreatorAudiencePortrait from '#models/creator_audience_portrait'
import { MASKS, decryptPrivate, encryptPrivate } from '#support/private_data'
import { isAgencySide, seesMoney } from '#shared/roles'
import type {
  ContractStatus,
  CreatorCategory,
  CreatorKind,
  PlatformKey,
  PrivateField,
} from '#shared/constants'
import { CreatorRecord } from '#models/mixins/creator_record'

const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: string | null) => (value ? JSON.parse(value) : null),
}

const ratio = {
  consume: (value: string | number | null) => (value === null ? null : Number(value)),
}

/** Columns that hold a masked copy of a private field, for lists. */
const MASKED_COLUMN: Partial<
  Record<PrivateField, { attribute: keyof Creator; mask: (value: string) => string }>
> = {
  phone: { attribute: 'phoneMasked', mask: MASKS.phone },
  email: { attribute: 'emailMasked', mask: MASKS.email },
  passport_no: { attribute: 'passportNoMasked', mask: (value) => MASKS.tail(value, 2) },
  bank_account: { attribute: 'bankAccountMasked', mask: (value) => MASKS.tail(value, 4) },
}

const ENCRYPTED_ATTRIBUTE: Record<PrivateField, keyof Creator> = {
  phone: 'phoneEncrypted',
  email: 'emailEncrypted',
  address: 'addressEncrypted',
  birth_date: 'birthDateEncrypted',
  passport_name: 'passportNameEncrypted',
  passport_no: 'passportNoEncrypted',
  bank_name: 'bankNameEncrypted',
  bank_account: 'bankAccountEncrypted',
  tax_payer_name: 'taxPayerNameEncrypted',
}

/**
 * A contracted creator, IP or channel (SPEC §3). Private values are never
 * assigned directly: `setPrivate` stores the ciphertext and the masked copy,
 * `getPrivate` decrypts (only for a revealed, audited request).
 */
export default class Creator extends CreatorRecord {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare brandNo: string

  @column()
  declare contractNo: string | null

  @column()
  declare kind: CreatorKind

  @column()
  declare contractorName: string

  @column()
  declare channelName: string

  @column()
  declare channelNameZh: string | null

  @column()
  declare channelIntroZh: string | null

  @column()
  declare youtubeChannelName: string | null

  @column()
  declare youtubeUrl: string | null

  @column()
  declare category: CreatorCategory

  @column({ serializeAs: null })
  declare avatarPath: string | null

  @column()
  declare nationality: string | null

  @column()
  declare areaCode: string | null

  @column({ serializeAs: null })
  declare phoneEncrypted: string | null

  @column()
  declare phoneMasked: string | null

  @column({ serializeAs: null })
  declare emailEncrypted: string | null

  @column()
  declare emailMasked: string | null

  @column({ serializeAs: null })
  declare addressEncrypted: string | null

  @column({ serializeAs: null })
  declare birthDateEncrypted: string | null

  @column()
  declare gender: string | null

  @column({ serializeAs: null })
  declare passportNameEncrypted: string | null

  @column({ serializeAs: null })
  declare passportNoEncrypted: string | null

  @column()
  declare passportNoMasked: string | null

  @column()
  declare companyRef: string | null

  @column.date()
  declare contractDate: DateTime | null

  @column.date()
  declare endDate: DateTime | null

  @column.date()
  declare cancelDate: DateTime | null

  @column()
  declare contractStatus: ContractStatus

  @column()
  declare hasAuthorizationDoc: boolean

  @column()
  declare ipBusinessExclusive: boolean

  @column()
  declare videoExclusiveChina: boolean

  @column(json)
  declare contractedPlatforms: PlatformKey[] | null

  @column()
  declare minMonthlyVideos: number

  @column(ratio)
  declare adIncomeRatio: number | null

  @column(ratio)
  declare otherIncomeRatio: number | null

  @column({ serializeAs: null })
  declare bankNameEncrypted: string | null

  @column({ serializeAs: null })
  declare bankAccountEncrypted: string | null

  @column()
  declare bankAccountMasked: string | null

  @column({ serializeAs: null })
  declare taxPayerNameEncrypted: string | null

  @column()
  declare remark: string | null

  @column()
  declare snsKr: string | null

  @column()
  declare snsZh: string | null

  @column()
  declare cpTeamId: number | null

  @belongsTo(() => Team, { foreignKey: 'cpTeamId' })
  declare cpTeam: BelongsTo<typeof Team>

  @column()
  declare uploaderId: number | null

  @belongsTo(() => User, { foreignKey: 'uploaderId' })
  declare uploader: BelongsTo<typeof User>

  /** The creator's own sign-in account (role creator), when one exists. */
  @column()
  declare userId: number | null

  @belongsTo(() => User, { foreignKey: 'userId' })
  declare user: BelongsTo<typeof User>

  @column()
  declare baiduAppId: string | null

  @column({ serializeAs: null })
  declare baiduTokenEncrypted: string | null

  @column({ consume: (value: string | number) => Number(value) })
  declare totalFans: number

  @column()
  declare failing: boolean

  @column()
  declare createdBy: number | null

  @hasMany(() => CreatorPlatformAccount)
  declare accounts: HasMany<typeof CreatorPlatformAccount>

  @hasMany(() => CreatorAdPrice)
  declare adPrices: HasMany<typeof CreatorAdPrice>

  @hasMany(() => CreatorMemo)
  declare memos: HasMany<typeof CreatorMemo>

  @hasMany(() => CreatorAudiencePortrait)
  declare portraits: HasMany<typeof CreatorAudiencePortrait>

  @manyToMany(() => User, {
    pivotTable: 'user_favorites',
    pivotTimestamps: { createdAt: true, updatedAt: false },
  })
  declare favoritedBy: ManyToMany<typeof User>

  /** Stores a private value encrypted (and its masked copy where lists show one). */
  setPrivate(field: PrivateField, value: string | null | undefined) {
    const normalised = value === undefined || value === null || value === '' ? null : String(value)
    ;(this as any)[ENCRYPTED_ATTRIBUTE[field]] = encryptPrivate(field, normalised)
    const masked = MASKED_COLUMN[field]
    if (masked) (this as any)[masked.attribute] = normalised ? masked.mask(normalised) : null
  }

  /**
   * A private value as a log may show it: the list's masked copy where the
   * field has one, else a fixed mask that tells nothing of the value.
   */
  static maskPrivate(field: PrivateField, value: string | null | undefined) {
    if (value === null || value === undefined || value === '') return null
    return MASKED_COLUMN[field]?.mask(String(value)) ?? '****'
  }

  /** Decrypts a private value; call only for an authorised, audited reveal. */
  getPrivate(field: PrivateField): string | null {
    return decryptPrivate(field, (this as any)[ENCRYPTED_ATTRIBUTE[field]])
  }

  /** Whether a private value is stored (without decrypting it). */
  hasPrivate(field: PrivateField) {
    return Boolean((this as any)[ENCRYPTED_ATTRIBUTE[field]])
  }

  setBaiduToken(value: string | null | undefined) {
    this.baiduTokenEncrypted = encryptPrivate('baidu_token', value)
  }

  static valid = scope((query) => {
    query.where('contract_status', 'valid')
  })

  /**
   * The creators `user` may see: every one for the agency (admins, managers,
   * staff), a creator account's own channels, none for anybody else.
   */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (isAgencySide(user)) return
    if (user.role === 'creator') query.where('creators.user_id', user.id)
    else query.whereRaw('1 = 0')
  })

  /**
   * The creators whose platform accounts the Power BI feed gives `user`:
   * every creator for admins and finance; for managers and staff the
   * creators of the teams their reports cover (Team.coveredByReportsOf) and
   * those they upload for; for a creator account its own; none for a company.
   */
  static inPowerBiFeedOf = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (seesMoney(user)) return
    if (user.role === 'creator') {
      query.where('creators.user_id', user.id)
      return
    }
    if (user.role !== 'manager' && user.role !== 'staff') {
      query.whereRaw('1 = 0')
      return
    }
    query.where((own) =>
      own.where('creators.uploader_id', user.id).orWhereIn(
        'creators.cp_team_id',
        Team.query()
          .withScopes((scopes) => scopes.coveredByReportsOf(user))
          .select('teams.id')
      )
    )
  })
}
