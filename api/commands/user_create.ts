import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import vine from '@vinejs/vine'
import { LIMITS, ROLES, TEAMS } from '#shared/constants'
import { newPassword } from '#validators/rules'

const userCreateValidator = vine.compile(
  vine.object({
    email: vine.string().trim().email().maxLength(LIMITS.emailMax).toLowerCase(),
    password: newPassword(),
    name: vine.string().trim().minLength(1).maxLength(LIMITS.nameMax),
    role: vine.enum(ROLES),
    team: vine.enum(TEAMS).optional(),
  })
)

/**
 * Creates an approved account non-interactively; how operators bootstrap a
 * new install:  node ace user:create --admin --email=… --password=… --name=…
 */
export default class UserCreate extends BaseCommand {
  static commandName = 'user:create'
  static description = 'Create an approved user (use --admin for an administrator)'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Give the user the admin role' })
  declare admin: boolean

  @flags.string({ description: 'Email address (the login account) (required)' })
  declare email?: string

  @flags.string({ description: 'Password: at least 8 characters, not easy to guess (required)' })
  declare password?: string

  @flags.string({ description: 'Display name (required)' })
  declare name?: string

  @flags.string({
    description: 'Role when not --admin: manager, staff, creator, company',
    default: 'staff',
  })
  declare role: string

  @flags.string({ description: 'Team key, for example cp1 or operations' })
  declare team?: string

  async run() {
    const { default: User } = await import('#models/user')
    const { default: Team } = await import('#models/team')
    const { default: AuditService } = await import('#services/audit/audit_service')

    const [error, input] = await userCreateValidator.tryValidate({
      email: this.email,
      password: this.password,
      name: this.name,
      role: this.admin ? 'admin' : this.role,
      team: this.team,
    })
    if (error) {
      for (const message of (error as any).messages ?? []) {
        this.logger.error(`${message.field}: ${message.message}`)
      }
      this.exitCode = 1
      return
    }
    if (await User.findBy('email', input.email)) {
      this.logger.error(`A user with the email ${input.email} already exists`)
      this.exitCode = 1
      return
    }

    const accountType = input.role === 'creator' || input.role === 'company' ? input.role : 'staff'
    const user = await User.create({
      email: input.email,
      password: input.password,
      name: input.name,
      role: input.role,
      accountType,
      status: 'active',
      locale: 'en',
    })
    if (input.team) {
      const team = await Team.findByOrFail('key', input.team)
      await user.related('teams').attach({ [team.id]: { is_manager: input.role === 'manager' } })
    }
    await AuditService.record({
      action: 'user.create_cli',
      subjectType: 'user',
      subjectId: user.id,
      meta: { role: input.role },
    })
    this.logger.success(`Created ${input.role} ${user.email} (id ${user.id})`)
  }
}
