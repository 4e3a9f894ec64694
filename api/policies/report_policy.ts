import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import Team from '#models/team'
import { isAgencySide, isStaffSide, seesMoney, seesTeamMoney } from '#shared/roles'

/**
 * Reports (see api/shared/reports.ts for the whole rule): the team report is
 * for the staff side — admins and finance every team with money, managers
 * the teams they manage with those teams' money totals, staff the teams
 * they belong to without money.
 * A creator reads its own statements; a company has no report.
 */
export default class ReportPolicy extends StudioPolicy {
  /** The monthly team report and its Excel export. */
  teams(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  /** One team of the report (the team filter). */
  async team(user: User, teamId: number): Promise<AuthorizerResponse> {
    if (!isStaffSide(user)) return false
    if (seesMoney(user)) return true
    const covered = await Team.query()
      .withScopes((scopes) => scopes.coveredByReportsOf(user))
      .where('teams.id', teamId)
      .first()
    return covered !== null
  }

  /** Revenue and settled totals of the teams the report shows. */
  money(user: User): AuthorizerResponse {
    return seesTeamMoney(user)
  }

  /** Monthly statements (report_month): money roles every creator's, a creator its own. */
  statements(user: User): AuthorizerResponse {
    return seesMoney(user) || user.role === 'creator'
  }

  /** The Power BI feed of the caller's own platform accounts. */
  accounts(user: User): AuthorizerResponse {
    return isAgencySide(user) || user.role === 'creator'
  }
}
