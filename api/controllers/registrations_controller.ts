import type { HttpContext } from '@adonisjs/core/http'
import RegistrationService from '#services/people/registration_service'
import { presentNewAccount } from '#services/people/user_presenter'
import { ok } from '#support/envelope'
import {
  accountTypeValidator,
  companyRegisterValidator,
  creatorRegisterValidator,
  resourceValidator,
  staffRegisterValidator,
} from '#validators/registration'
import { API_STATUS, LANGUAGES, PLATFORMS, type Locale } from '#shared/constants'

const validators = {
  staff: staffRegisterValidator,
  creator: creatorRegisterValidator,
  company: companyRegisterValidator,
}

export default class RegistrationsController {
  /**
   * POST /api/user/register — staff, creator or company. The account waits
   * for an admin's approval ('authorization may take time').
   */
  async store(ctx: HttpContext) {
    const { request, response, i18n } = ctx
    const { account_type: accountType } = await request.validateUsing(accountTypeValidator)
    const input = await request.validateUsing(
      validators[accountType] as typeof staffRegisterValidator
    )
    const user = await RegistrationService.register(input, {
      ip: request.ip(),
      locale: i18n.locale as Locale,
    })
    response.status(201)
    return {
      status: API_STATUS.OK,
      message: i18n.t('messages.register.success'),
      data: presentNewAccount(user),
    }
  }

  /**
   * GET /api/resource?key=group — public lists the register screen needs:
   * `group` answers data.user_group (the teams of SPEC §1).
   */
  async resource({ request }: HttpContext) {
    const { key } = await request.validateUsing(resourceValidator, { data: request.qs() })
    if (key === 'group') {
      return ok({ user_group: await RegistrationService.presentedTeams() })
    }
    if (key === 'platform') return ok({ platform: PLATFORMS })
    return ok({ language: LANGUAGES })
  }
}
