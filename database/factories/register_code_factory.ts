import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import RegisterCode from '#models/register_code'
import { TeamFactory } from '#database/factories/user_factory'
import { nextPadded } from '#database/factories/sequence'

/**
 * A usable register code (capitals, no limit, no expiry). Relation: team.
 * States: `revoked`, `expired` (yesterday), `usedUp` (its one use taken).
 */
export const RegisterCodeFactory = factory
  .define(RegisterCode, () => ({
    code: `JOIN-${nextPadded()}`,
    teamId: null,
    note: null,
    maxUses: null,
    usedCount: 0,
    expiresAt: null,
    revokedAt: null,
    createdBy: null,
  }))
  .state('revoked', (code) => {
    code.revokedAt ??= DateTime.utc()
  })
  .state('expired', (code) => {
    code.expiresAt = DateTime.utc().minus({ days: 1 })
  })
  .state('usedUp', (code) => {
    code.maxUses = 1
    code.usedCount = 1
  })
  .relation('team', () => TeamFactory)
  .build()
