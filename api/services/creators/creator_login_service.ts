import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import StudioException from '#exceptions/studio_exception'
import type Creator from '#models/creator'
import User from '#models/user'
import AuditService from '#services/audit/audit_service'
import SecurityCodeService from '#services/auth/security_code_service'
import TokenService from '#services/auth/token_service'
import { presentNewAccount } from '#services/people/user_presenter'
import type { Actor } from '#support/actor'
import { refuseDuplicates } from '#support/sql'

/** The creator's own sign-in account (role creator), which sees the creator's dashboards. */
export default class CreatorLoginService {
  /**
   * PUT /api/creators/:id/account-password: sets the password of the
   * creator's own sign-in account, creating it first (role creator, active,
   * email = the given one or the creator's L1 email) when there is none. A
   * changed password signs the account out everywhere. Confirmed by the
   * actor's security code.
   */
  static async setPassword(
    creator: Creator,
    input: { password: string; email?: string; security_code: string },
    actor: Actor
  ) {
    await SecurityCodeService.verify(actor.user, input.security_code)
    const { user, created } = await refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const existing = creator.userId ? await User.find(creator.userId, { client: trx }) : null
          const email = input.email ?? existing?.email ?? creator.getPrivate('email')?.toLowerCase()
          if (!email) throw new StudioException('creator.account_email_required', { status: 422 })
          const owner = await User.query({ client: trx }).where('email', email).first()
          if (owner && owner.id !== existing?.id) {
            throw new StudioException('creator.account_email_taken', { status: 409 })
          }

          let account: User
          if (existing) {
            existing.useTransaction(trx)
            existing.merge({ email, password: input.password })
            await existing.save()
            account = existing
          } else {
            account = await User.create(
              {
                email,
                password: input.password,
                name: creator.contractorName,
                accountType: 'creator',
                role: 'creator',
                status: 'active',
                locale: 'en',
                channelName: creator.channelName,
                approvedBy: actor.user.id,
                approvedAt: DateTime.utc(),
              },
              { client: trx }
            )
            creator.useTransaction(trx)
            creator.userId = account.id
            await creator.save()
          }
          await AuditService.log(
            actor,
            'creator.account_password',
            ['creator', creator.id],
            { user_id: account.id, created: !existing },
            trx
          )
          return { user: account, created: !existing }
        }),
      () => new StudioException('creator.duplicate', { status: 409 })
    )
    if (!created) await TokenService.revokeUser(user.id)
    return { ...presentNewAccount(user), created }
  }
}
