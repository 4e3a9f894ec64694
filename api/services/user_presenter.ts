import type User from '#models/user'

/** The user as the admin sees it (no password, no internal ids of approvers). */
export default class UserPresenter {
  /** The public address of the stored picture (an unguessable name; see AccountService). */
  static avatarUrl(user: User) {
    return user.avatarPath ? `/api/avatars/${user.avatarPath.replace(/^avatars\//, '')}` : null
  }

  static toJson(user: User) {
    const teams = user.$preloaded.teams ? (user.teams ?? []) : []
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      phone: user.phone,
      account_type: user.accountType,
      role: user.role,
      status: user.status,
      locale: user.locale,
      company_name: user.companyName,
      channel_name: user.channelName,
      avatar_url: UserPresenter.avatarUrl(user),
      teams: teams.map((team) => ({
        id: team.id,
        key: team.key,
        name: team.name,
        is_manager: Boolean(team.$extras.pivot_is_manager),
      })),
      last_login_at: user.lastLoginAt?.toISO() ?? null,
      created_at: user.createdAt?.toISO() ?? null,
    }
  }
}
