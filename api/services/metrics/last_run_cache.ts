import { TtlValue } from '#support/ttl_value'
import type { RunJson } from '#services/metrics/run_presenter'

/**
 * The newest collection run as the dashboard shows it, read again at most
 * once a second (its progress moves during a run) and at once when a run
 * is created or ends (through the cache registry, in every process).
 */
export const lastRunCache = new TtlValue<RunJson | null>(1_000)
