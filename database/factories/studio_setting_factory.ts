import factory from '@adonisjs/lucid/factories'
import StudioSetting from '#models/studio_setting'
import { nextNumber } from '#database/factories/sequence'

/** A studio-wide setting (key and text value); merge the key a test reads. */
export const StudioSettingFactory = factory
  .define(StudioSetting, () => ({
    key: `setting_${nextNumber()}`,
    value: 'on',
    updatedBy: null,
  }))
  .build()
