import type User from '#models/user'

/** The public address of the stored picture (an unguessable name; see AccountService). */
export function avatarUrl(user: User) {
  return user.avatarPath ? `/api/avatars/${user.avatarPath.replace(/^avatars\//, '')}` : null
}

/** A person as other screens name them (an author, an assignee, a sender): id, name, picture. */
export function presentPerson(user: User | null | undefined) {
  return user ? { id: user.id, name: user.name, avatar_url: avatarUrl(user) } : null
}

/** The user as the admin sees it (no password, no internal ids of approvers). */
export function presentUser(user: User) {
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
    avatar_url: avatarUrl(user),
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

/** A registration waiting for (or refused) approval: the user with what the reviewer reads. */
export function presentRegistration(user: User) {
  return { ...presentUser(user), sex: user.sex, rejected_reason: user.rejectedReason }
}

/** An account just created (registered, or a creator's own sign-in account): who and in what state. */
export function presentNewAccount(user: User) {
  return { id: user.id, email: user.email, status: user.status }
}
