import { Tag, type DescriptionsProps } from 'antd'
import dayjs from 'dayjs'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

interface TeamOf {
  id: number
  key: string
  name: string
  is_manager: boolean
}

/** A person's teams as tags, managers in gold (named so with `withRole`). */
export function TeamTags({ teams, withRole = false }: { teams: TeamOf[]; withRole?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      {teams.map((team) => (
        <Tag key={team.id} color={team.is_manager ? 'gold' : 'blue'}>
          {t(`enum.team.${team.key}`, { defaultValue: team.name })}
          {withRole && team.is_manager ? ` · ${t('account.manager')}` : ''}
        </Tag>
      ))}
    </>
  )
}

/** The last details of a person's card: teams, last sign-in, member since. */
export function membershipItems(
  t: TFunction,
  person: { teams: TeamOf[]; last_login_at: string | null; created_at: string | null },
  teamsSpan?: number
): NonNullable<DescriptionsProps['items']> {
  const when = (value: string | null) =>
    value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('common.none')
  return [
    {
      key: 'teams',
      label: t('account.teams'),
      span: teamsSpan,
      children: person.teams.length ? (
        <TeamTags teams={person.teams} withRole />
      ) : (
        t('account.no_team')
      ),
    },
    { key: 'last_login', label: t('account.last_login'), children: when(person.last_login_at) },
    { key: 'member_since', label: t('account.member_since'), children: when(person.created_at) },
  ]
}
