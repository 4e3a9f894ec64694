import db from '@adonisjs/lucid/services/db'
import RegisterCode from '#models/register_code'
import Team from '#models/team'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import NotificationService from '#services/notifications/notification_service'
import type { Registration } from '#validators/registration'
import type { Locale } from '#shared/constants'
import { limitFailures, rateLimit } from '#services/auth/failure_limiter'
import { teamListCache } from '#services/people/team_list_cache'
import { presentTeam } from '#services/people/team_presenter'

const SIGN_UPS = { requests: 5, duration: '1 hour', blockDuration: '1 hour' }
const FAILED_SIGN_UPS = { failures: 10, duration: '15 mins', blockDuration: '15 mins' }

/**
 * Creates pending accounts of the three types (SPEC §2 Register, §4 Staff
 * registration). A staff sign-up consumes a valid register code and joins the
 * team it chose; every new account waits for an admin's approval.
 */
export default class RegistrationService {
  /** The teams a person may choose on the register screen (SPEC §1), in display order. */
  static teams() {
    return Team.query().orderBy('sort_order').orderBy('id')
  }

  /** The teams as GET /api/resource?key=group lists them (reference data, kept a minute). */
  static presentedTeams() {
    return teamListCache.remember(async () => {
      const teams = await this.teams()
      return teams.map((team) => presentTeam(team))
    })
  }

  /**
   * Sign-ups are limited per address, counted before anything is checked:
   * 5 an hour (each one notifies the admins), and 10 failed ones (a wrong
   * register code above all) in 15 minutes.
   */
  static async register(input: Registration, meta: { ip: string; locale: Locale }) {
    await rateLimit(SIGN_UPS).consume(`signup:${meta.ip}`)
    return limitFailures([{ key: `signup_failure:${meta.ip}`, ...FAILED_SIGN_UPS }], () =>
      this.#register(input, meta)
    )
  }

  static async #register(input: Registration, meta: { ip: string; locale: Locale }) {
    return db.transaction(async (trx) => {
      let registerCode: RegisterCode | null = null
      if (input.account_type === 'staff') {
        registerCode = await RegisterCode.query({ client: trx })
          .where('code', input.register_code)
          .forUpdate()
          .first()
        if (!registerCode || !registerCode.isUsable) {
          throw new StudioException('register.code_wrong', { status: 422 })
        }
        if (registerCode.teamId !== null) {
          const chosen = await Team.findByOrFail('key', input.team, { client: trx })
          if (chosen.id !== registerCode.teamId) {
            const codeTeam = await Team.findOrFail(registerCode.teamId, { client: trx })
            throw new StudioException('register.code_team_mismatch', {
              status: 422,
              data: { team: codeTeam.name },
            })
          }
        }
        registerCode.usedCount += 1
        await registerCode.useTransaction(trx).save()
      }

      const user = new User().useTransaction(trx)
      user.merge({
        email: input.email,
        password: input.password,
        name: input.name,
        phone: input.phone,
        accountType: input.account_type,
        role: input.account_type === 'staff' ? 'staff' : input.account_type,
        status: 'pending',
        locale: meta.locale,
        sex: input.account_type === 'staff' ? (input.sex ?? null) : null,
        companyName: input.account_type === 'company' ? input.company_name : null,
        channelName: input.account_type === 'creator' ? input.channel_name : null,
      })
      await user.save()

      if (input.account_type === 'staff') {
        const team = await Team.findByOrFail('key', input.team, { client: trx })
        await user.related('teams').attach({ [team.id]: { is_manager: false } }, trx)
      }

      await AuditService.record(
        {
          action: 'user.register',
          userId: user.id,
          subjectType: 'user',
          subjectId: user.id,
          ip: meta.ip,
          meta: { account_type: input.account_type, register_code_id: registerCode?.id ?? null },
        },
        trx
      )
      await NotificationService.notify(
        {
          kind: 'registration_pending',
          roles: ['admin'],
          params: { name: user.name, account_type: input.account_type },
          link: '/app/settings?tab=registrations',
        },
        trx
      )
      return user
    })
  }
}
