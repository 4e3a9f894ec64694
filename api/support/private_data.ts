import encryption from '@adonisjs/core/services/encryption'
import type { PrivateField } from '#shared/constants'

/** What is stored encrypted: a creator's private fields, the Baidu token, platform tokens and cookies. */
type SecretField = PrivateField | 'baidu_token' | 'platform_token' | 'platform_cookie'

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

/*
| Private values are encrypted with AES-256-CBC and an HMAC, keyed by
| APP_KEY, through Adonis's encryption service. Purpose strings bind each
| ciphertext to its field, so a value copied into another column does not
| decrypt.
*/

/** The ciphertext of a value (null for an empty one). */
export function encryptPrivate(field: SecretField, value: string | null | undefined) {
  if (value === null || value === undefined || value === '') return null
  return encryption.encrypt(value, undefined, `creator.${field}`)
}

/** The plain value of a ciphertext (null when empty or not decryptable). */
export function decryptPrivate(field: SecretField, value: string | null | undefined) {
  if (!value) return null
  return encryption.decrypt<string>(value, `creator.${field}`) ?? null
}
