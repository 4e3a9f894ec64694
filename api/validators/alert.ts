import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, isoDay } from '#validators/rules'
import { PLATFORMS, TEAMS } from '#shared/constants'
import { ALERT_KINDS, ALERT_RULE_LIMITS, ALERT_STATUSES } from '#shared/alerts'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** GET /api/alerts */
export const alertListValidator = vine.compile(
  vine.object({
    kind: vine.enum(ALERT_KINDS).parse(blankToUndefined).optional(),
    status: vine
      .enum([...ALERT_STATUSES, 'active'] as const)
      .parse(blankToUndefined)
      .optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    team: vine.enum(TEAMS).parse(blankToUndefined).optional(),
    assignee: vine
      .string()
      .trim()
      .regex(/^(me|none|[0-9]{1,10})$/)
      .parse(blankToUndefined)
      .optional(),
    creator_id: id().parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)

export const alertIdValidator = vine.compile(vine.object({ id: id() }))

export const alertNoteValidator = vine.compile(
  vine.object({ note: vine.string().trim().maxLength(500).parse(blankToUndefined).optional() })
)

export const alertAssignValidator = vine.compile(vine.object({ user_id: id().nullable() }))

export const alertBulkValidator = vine.compile(
  vine.object({
    ids: vine.array(id()).minLength(1).maxLength(500).distinct(),
    action: vine.enum(['acknowledge', 'resolve'] as const),
  })
)

export const alertScanValidator = vine.compile(
  vine.object({ day: vine.string().trim().use(isoDay()).optional() })
)

const rule = (key: keyof typeof ALERT_RULE_LIMITS) =>
  vine.number().min(ALERT_RULE_LIMITS[key][0]).max(ALERT_RULE_LIMITS[key][1])

/** PUT /api/alerts/rules */
export const alertRulesValidator = vine.compile(
  vine.object({
    spikeMultiplier: rule('spikeMultiplier'),
    surgeSharePct: rule('surgeSharePct'),
    minGain: rule('minGain').withoutDecimals(),
    lossMin: rule('lossMin').withoutDecimals(),
    tokenWarnDays: rule('tokenWarnDays').withoutDecimals(),
    cookieRecheckDays: rule('cookieRecheckDays').withoutDecimals(),
    // added later: a client that does not send them keeps the stored values
    videoSurgeMultiplier: rule('videoSurgeMultiplier').optional(),
    videoUnderRatio: rule('videoUnderRatio').optional(),
  })
)

export type AlertListParams = Infer<typeof alertListValidator>
