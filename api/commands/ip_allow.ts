import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** Adds an address or CIDR range to the IP allow-list:  node ace ip:allow 10.0.0.0/8 --note="office" */
export default class IpAllow extends BaseCommand {
  static commandName = 'ip:allow'
  static description = 'Add an IP address or CIDR range to the allow-list'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'IPv4/IPv6 address or CIDR range' })
  declare range: string

  @flags.string({ description: 'What the range is (office, VPN …)' })
  declare note?: string

  async run() {
    const { default: IpAllowlistService } = await import('#services/auth/ip_allowlist_service')
    const { default: AuditService } = await import('#services/audit/audit_service')
    if (!IpAllowlistService.normalise(this.range)) {
      this.logger.error(`"${this.range}" is not an IP address or CIDR range`)
      this.exitCode = 1
      return
    }
    const entry = await IpAllowlistService.add(this.range, this.note ?? null, null)
    await AuditService.record({
      action: 'ip.add',
      subjectType: 'ip',
      subjectId: entry.id,
      meta: { cidr: entry.cidr, via: 'cli' },
    })
    this.logger.success(`Allowed ${entry.cidr}`)
  }
}
