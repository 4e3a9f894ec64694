import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import StudioException from '#exceptions/studio_exception'
import { LIKE, startingWith } from '#support/like'

/*
| Brand numbers: `${APP_BRAND}-00042`, the studio's number of a creator. A
| creator added without one gets the next number above every stored one.
*/

const prefix = () => `${studioConfig.brand.toUpperCase()}-`

/** The next sequence number above the stored brand numbers and `reserved` ones. */
export async function nextBrandSequence(client: QueryClientContract, reserved: string[] = []) {
  const stored = await client
    .from('creators')
    .whereRaw(LIKE, ['brand_no', startingWith(prefix())])
    .select('brand_no')
  let max = 0
  for (const brandNo of [...stored.map((row) => String(row.brand_no)), ...reserved]) {
    const rest = brandNo.toUpperCase().startsWith(prefix()) ? brandNo.slice(prefix().length) : ''
    if (/^\d{1,9}$/.test(rest)) max = Math.max(max, Number(rest))
  }
  return max + 1
}

export function formatBrandNo(sequence: number) {
  return `${prefix()}${String(sequence).padStart(5, '0')}`
}

/** The next free brand number for one new creator. */
export async function nextBrandNo(client: QueryClientContract) {
  let next = await nextBrandSequence(client)
  for (let attempt = 0; attempt < 100; attempt++, next++) {
    const candidate = formatBrandNo(next)
    const taken = await client.from('creators').where('brand_no', candidate).first()
    if (!taken) return candidate
  }
  throw new StudioException('creator.duplicate', { status: 409 })
}
