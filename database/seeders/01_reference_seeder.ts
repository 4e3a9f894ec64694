import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import Team from '#models/team'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import IpAllowlistService, { LOOPBACK_RANGES } from '#services/auth/ip_allowlist_service'
import { ROLES, TEAMS } from '#shared/constants'

/** English names of the teams of SPEC §1; the admin translates them by key. */
export const TEAM_NAMES: Record<(typeof TEAMS)[number], string> = {
  operations: 'Operations',
  cp1: 'CP 1',
  cp2: 'CP 2',
  cp3: 'CP 3',
  cp4: 'CP 4',
  ch1: 'CH 1',
  ch2: 'CH 2',
  ch3: 'CH 3',
  contents_creative: 'Contents Creative',
  shortform: 'Shortform',
  cooperation: 'Cooperation',
  business: 'Business',
  developer: 'Developer',
}

/**
 * Reference data every install needs: roles, the teams, and (on a fresh
 * install only) loopback on the IP allow-list so that the demo works.
 * Idempotent: safe to run on every start.
 */
export default class ReferenceSeeder extends BaseSeeder {
  static environment = ['development', 'production', 'test']

  async run() {
    await ReferenceSeeder.seed()
  }

  static async seed() {
    for (const [index, key] of ROLES.entries()) {
      const existing = await db.from('roles').where('key', key).first()
      if (!existing) await db.table('roles').insert({ key, level: ROLES.length - index })
    }

    await Team.updateOrCreateMany(
      'key',
      TEAMS.map((key, index) => ({ key, name: TEAM_NAMES[key], sortOrder: index + 1 }))
    )

    const anyEntry = await IpAllowlistEntry.query().first()
    if (!anyEntry) {
      for (const range of LOOPBACK_RANGES) {
        await IpAllowlistService.add(range, 'loopback (fresh install)', null)
      }
    }
  }
}
