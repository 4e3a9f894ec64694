import type Team from '#models/team'
import type User from '#models/user'
import { avatarUrl } from '#services/people/user_presenter'

/** A team as lists name it. */
export function presentTeam(team: Team) {
  return { id: team.id, key: team.key, name: team.name }
}

/** A team in the account page's overview: its counts and the reader's place in it. */
export function presentTeamOverview(
  team: Team,
  figures: {
    members: number
    managers: number
    isMember: boolean
    isManager: boolean
    canManage: boolean
  }
) {
  return {
    ...presentTeam(team),
    members: figures.members,
    managers: figures.managers,
    is_member: figures.isMember,
    is_manager: figures.isManager,
    can_manage: figures.canManage,
  }
}

/** One member as the account page lists it (`pivot_*` extras of TeamService.members). */
export function presentMember(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    status: user.status,
    avatar_url: avatarUrl(user),
    is_manager: Boolean(user.$extras.pivot_is_manager),
    joined_at: user.$extras.pivot_joined_at ? String(user.$extras.pivot_joined_at) : null,
  }
}
