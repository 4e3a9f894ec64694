import type { TeamReport, TeamMonthRow } from '@shared/reports'

export type { TeamReport, TeamMonthRow }

/** Every figure a report column or chart can show, in the table's order. */
export type ReportColumn = Exclude<keyof TeamMonthRow, 'month' | 'team_id' | 'team'>
