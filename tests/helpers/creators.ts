import StudioSetting from '#models/studio_setting'
import { TERMINATION_CODE_KEY } from '#services/auth/security_code_service'
import { StudioSettingFactory } from '#database/factories/studio_setting_factory'
import { hashOf } from '#tests/helpers/users'

/** The studio's termination code. */
export const TERMINATION_CODE = '13572468'

/** Sets the studio's termination code (hashed) directly. */
export async function setTerminationCode(code = TERMINATION_CODE) {
  await StudioSetting.query().where('key', TERMINATION_CODE_KEY).delete()
  await StudioSettingFactory.merge({
    key: TERMINATION_CODE_KEY,
    value: await hashOf(code),
  }).create()
}

/** A valid creator form with the two required names. */
export function creatorPayload(overrides: Record<string, unknown> = {}) {
  return {
    contractor_name: 'Kim Minji',
    channel_name: 'Minji Cooks',
    ...overrides,
  }
}

/** The private values of a creator, as the detail's `private` block and the import name them. */
export const PRIVATE_FIELD_KEYS = [
  'phone',
  'email',
  'address',
  'birth_date',
  'passport_name',
  'passport_no',
  'bank_name',
  'bank_account',
  'tax_payer_name',
]
