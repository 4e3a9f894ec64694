import { MILESTONE_TIERS } from '#shared/tracking'

/** One day of a creator's history: fans summed over its platforms. */
interface FansDay {
  date: string
  fans: number
}

export interface Milestone {
  tier: number
  /** The first day the creator's total fans were at or above the tier, else null. */
  reached_on: string | null
  /** Total fans that day. */
  fans: number | null
  /** The tier was already passed on the first day of the history (crossed before it began). */
  before_history: boolean
}

/**
 * The growth milestones (SPEC §2 Creator Tracking): for each fan tier of
 * SPEC §9, the first day of `history` (oldest first) whose total fans
 * reached it. A later dip below the tier does not move the date.
 */
export function milestonesOf(history: FansDay[], tiers: readonly number[] = MILESTONE_TIERS) {
  const sorted = [...history].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const first = sorted[0]?.date ?? null
  return tiers.map((tier): Milestone => {
    const day = sorted.find((entry) => entry.fans >= tier)
    return {
      tier,
      reached_on: day?.date ?? null,
      fans: day?.fans ?? null,
      before_history: day !== undefined && day.date === first,
    }
  })
}
