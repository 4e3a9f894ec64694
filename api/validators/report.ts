import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { MONTH_PATTERN } from '#shared/settlement'

const month = () => vine.string().trim().regex(MONTH_PATTERN)
const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** GET /api/reports/teams and /api/reports/teams/download: a month range (checked in the service) and a team. */
export const teamReportValidator = vine.compile(
  vine.object({
    from: month(),
    to: month(),
    team_id: id().parse(blankToUndefined).optional(),
  })
)

/** GET /api/creator/report_month */
export const reportMonthValidator = vine.compile(
  vine.object({
    from: month().parse(blankToUndefined).optional(),
    to: month().parse(blankToUndefined).optional(),
    creator_id: id().parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)
export type ReportMonthParams = Infer<typeof reportMonthValidator>
