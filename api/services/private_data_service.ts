import encryption from '@adonisjs/core/services/encryption'
import { PRIVATE_LEVELS, type PrivateField, type PrivateLevel } from '#shared/constants'

/** Masks that keep enough to recognise a value without revealing it. */
export const MASKS = {
  phone(value: string) {
    const digits = value.replace(/\D/g, '')
    if (digits.length <= 4) return '*'.repeat(digits.length)
    return `${digits.slice(0, 3)}${'*'.repeat(Math.max(0, digits.length - 7))}${digits.slice(-4)}`
  },
  email(value: string) {
    const [name, domain] = value.split('@')
    if (!domain) return '***'
    return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, name.length - 2))}@${domain}`
  },
  tail(value: string, keep = 4) {
    const clean = value.replace(/\s/g, '')
    if (clean.length <= keep) return '*'.repeat(clean.length)
    return `${'*'.repeat(clean.length - keep)}${clean.slice(-keep)}`
  },
}

/**
 * Encrypts and decrypts the private fields of a creator (AES-256-CBC with an
 * HMAC, keyed by APP_KEY, through Adonis's encryption service). Purpose
 * strings bind each ciphertext to its field, so a value copied into another
 * column does not decrypt.
 */
export default class PrivateDataService {
  static encrypt(
    field: PrivateField | 'baidu_token' | 'platform_token' | 'platform_cookie',
    value: string | null | undefined
  ) {
    if (value === null || value === undefined || value === '') return null
    return encryption.encrypt(value, undefined, `creator.${field}`)
  }

  static decrypt(
    field: PrivateField | 'baidu_token' | 'platform_token' | 'platform_cookie',
    value: string | null | undefined
  ): string | null {
    if (!value) return null
    return encryption.decrypt<string>(value, `creator.${field}`) ?? null
  }

  static levelOf(field: PrivateField): PrivateLevel {
    for (const [level, fields] of Object.entries(PRIVATE_LEVELS)) {
      if ((fields as readonly string[]).includes(field)) return level as PrivateLevel
    }
    throw new Error(`Unknown private field ${field}`)
  }
}
