import { TtlValue } from '#support/ttl_value'
import type { presentTeam } from '#services/people/team_presenter'

/** The sign-up screen's teams: reference data (the seeder writes it), kept a minute. */
export const teamListCache = new TtlValue<ReturnType<typeof presentTeam>[]>(60_000)
