/** Market Store and E-Commerce: deal stages and limits shared by the API and the admin. */
export const DEAL_STAGES = ['enquiry', 'negotiating', 'signed', 'delivered'] as const
export const DEAL_STAGES_ALL = [...DEAL_STAGES, 'lost'] as const
export type DealStage = (typeof DEAL_STAGES_ALL)[number]

/**
 * Where a deal may go from a stage: one step forward or back along
 * enquiry → negotiating → signed → delivered, or lost (and a lost deal may be
 * reopened as an enquiry). A delivered deal is closed.
 */
export function allowedMoves(stage: DealStage): DealStage[] {
  if (stage === 'lost') return ['enquiry']
  if (stage === 'delivered') return []
  const index = DEAL_STAGES.indexOf(stage)
  const moves: DealStage[] = [DEAL_STAGES[index + 1]]
  if (index > 0) moves.unshift(DEAL_STAGES[index - 1])
  return [...moves, 'lost']
}

export const MARKET_LIMITS = {
  brandMax: 150,
  noteMax: 2000,
  amountMax: 999_999_999_999,
  productMax: 200,
  countMax: 100_000_000,
  importRowsMax: 5000,
  importMaxBytes: 5 * 1024 * 1024,
} as const
