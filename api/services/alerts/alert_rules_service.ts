import StudioSetting from '#models/studio_setting'
import { DEFAULT_ALERT_RULES, type AlertRules } from '#shared/alerts'

const KEY = 'alert_rules'

/** The growth/loss thresholds and warning windows (studio_settings `alert_rules`), defaults filled in. */
export default class AlertRulesService {
  static async get(): Promise<AlertRules> {
    const row = await StudioSetting.find(KEY)
    if (!row?.value) return { ...DEFAULT_ALERT_RULES }
    try {
      return { ...DEFAULT_ALERT_RULES, ...JSON.parse(row.value) }
    } catch {
      return { ...DEFAULT_ALERT_RULES }
    }
  }

  /** Stores `rules`; a rule not given keeps its stored (or default) value. */
  static async set(rules: Partial<AlertRules>, userId: number) {
    const merged = { ...(await this.get()), ...rules }
    await StudioSetting.updateOrCreate(
      { key: KEY },
      { key: KEY, value: JSON.stringify(merged), updatedBy: userId }
    )
    return this.get()
  }
}
