import { useMemo, useState } from 'react'
import { useCustom, useCustomMutation } from '@refinedev/core'
import { useSelect } from '@refinedev/antd'
import {
  App,
  Avatar,
  Button,
  Card,
  Empty,
  List,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd'
import {
  LoginOutlined,
  LogoutOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSaveFeedback } from '../../lib/feedback'
import { useRefreshIdentity, type StudioUser } from '../../providers/identity'
import { StaticTable } from '../../components/list-table'

interface TeamRow {
  id: number
  key: string
  name: string
  members: number
  managers: number
  is_member: boolean
  is_manager: boolean
  can_manage: boolean
}

interface Member {
  id: number
  name: string
  email: string
  phone: string | null
  role: string
  avatar_url: string | null
  is_manager: boolean
}

/** My teams: join (import) and leave (export) — SPEC §4 Team membership. */
export function TeamsCard({ user }: { user: StudioUser }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const refresh = useRefreshIdentity()
  const [choice, setChoice] = useState<string>()
  const { query } = useCustom<TeamRow[]>({
    url: '/api/teams',
    method: 'get',
    errorNotification: false,
  })
  const teams = query.data?.data ?? []
  const teamLabel = (team: { key: string; name: string }) =>
    t(`enum.team.${team.key}`, { defaultValue: team.name })
  const { mutate, mutation } = useCustomMutation<{ message?: string }>()

  const change = (team: string, action: 'import' | 'export') =>
    mutate(
      {
        url: '/api/user/set_team',
        method: 'post',
        values: { team, action },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async ({ data }) => {
          message.success(data?.message)
          setChoice(undefined)
          await Promise.all([refresh(), query.refetch()])
        },
        onError: (error) =>
          message.error(
            error?.message ||
              t(action === 'import' ? 'people.teams.join_failed' : 'people.teams.leave_failed')
          ),
      }
    )

  const mine = teams.filter((team) => team.is_member)
  const others = teams.filter((team) => !team.is_member)
  const managed = teams.filter((team) => team.can_manage)

  return (
    <>
      <Card
        title={
          <span>
            <TeamOutlined /> {t('people.teams.title')}
          </span>
        }
        loading={query.isLoading}
        data-testid="teams-card"
      >
        <List
          size="small"
          dataSource={mine}
          locale={{ emptyText: t('account.no_team') }}
          renderItem={(team) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="leave"
                  title={t('people.teams.leave_confirm', { team: teamLabel(team) })}
                  onConfirm={() => change(team.key, 'export')}
                >
                  <Button
                    size="small"
                    danger
                    icon={<LogoutOutlined />}
                    data-testid={`leave-${team.key}`}
                  >
                    {t('people.teams.leave')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Space>
                <Tag color={team.is_manager ? 'gold' : 'blue'}>{teamLabel(team)}</Tag>
                <Typography.Text type="secondary">
                  {t('people.teams.member_count', { count: team.members })}
                </Typography.Text>
                {team.is_manager && <Tag color="gold">{t('account.manager')}</Tag>}
              </Space>
            </List.Item>
          )}
        />
        <Space style={{ marginTop: 12 }} wrap>
          <Select
            style={{ width: 220 }}
            placeholder={t('people.teams.choose')}
            value={choice}
            onChange={setChoice}
            options={others.map((team) => ({ value: team.key, label: teamLabel(team) }))}
            data-testid="join-team-select"
          />
          <Button
            type="primary"
            icon={<LoginOutlined />}
            disabled={!choice}
            loading={mutation.isPending}
            onClick={() => choice && change(choice, 'import')}
            data-testid="join-team"
          >
            {t('people.teams.join')}
          </Button>
        </Space>
      </Card>
      {managed.length > 0 && <MembersCard teams={managed} me={user} />}
    </>
  )
}

/** Member management: a team's managers add and remove members; admins also appoint managers. */
function MembersCard({ teams, me }: { teams: TeamRow[]; me: StudioUser }) {
  const { t } = useTranslation()
  const [active, setActive] = useState(teams[0]?.key)
  const team = teams.find((row) => row.key === active) ?? teams[0]
  return (
    <Card
      title={
        <span>
          <UserAddOutlined /> {t('people.members.title')}
        </span>
      }
      style={{ marginTop: 16 }}
      data-testid="members-card"
    >
      <Tabs
        activeKey={team?.key}
        onChange={setActive}
        items={teams.map((row) => ({
          key: row.key,
          label: t(`enum.team.${row.key}`, { defaultValue: row.name }),
        }))}
      />
      {team && <TeamMembers key={team.key} team={team.key} isAdmin={me.role === 'admin'} />}
    </Card>
  )
}

function TeamMembers({ team, isAdmin }: { team: string; isAdmin: boolean }) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const [search, setSearch] = useState('')
  const [adding, setAdding] = useState<number>()
  const { query } = useCustom<Member[]>({
    url: `/api/teams/${team}/members`,
    method: 'get',
    errorNotification: false,
  })
  const members = useMemo(() => query.data?.data ?? [], [query.data])
  const { selectProps: candidates } = useSelect<Member>({
    resource: 'users',
    optionValue: 'id',
    optionLabel: (user) => `${user.name} · ${user.email}`,
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    onSearch: (value) => {
      setSearch(value)
      return [{ field: 'q', operator: 'eq', value: value || undefined }]
    },
    queryOptions: { enabled: search.length > 0 },
    errorNotification: false,
  })
  const options = useMemo(
    () =>
      search
        ? (candidates.options ?? []).filter(
            (option) => !members.some((member) => member.id === option.value)
          )
        : [],
    [candidates.options, members, search]
  )
  const { mutate } = useCustomMutation()
  const act = (
    method: 'post' | 'put' | 'delete',
    url: string,
    values: object,
    onDone?: () => void
  ) =>
    mutate(
      { url, method, values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          onDone?.()
          void query.refetch()
        },
        onError: feedback.failed,
      }
    )

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          showSearch
          filterOption={false}
          onSearch={candidates.onSearch}
          value={adding}
          onChange={setAdding}
          options={options}
          placeholder={t('people.members.search')}
          style={{ width: 320 }}
          notFoundContent={search ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
          data-testid="member-search"
        />
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={!adding}
          onClick={() =>
            act('post', `/api/teams/${team}/members`, { user_id: adding }, () =>
              setAdding(undefined)
            )
          }
          data-testid="add-member"
        >
          {t('people.members.add')}
        </Button>
      </Space>
      <StaticTable<Member> rowKey="id" dataSource={members} loading={query.isLoading}>
        <StaticTable.Column<Member>
          title={t('account.name')}
          render={(_, row) => (
            <Space>
              <Avatar size="small" src={row.avatar_url ?? undefined} icon={<UserOutlined />} />
              {row.name}
            </Space>
          )}
        />
        <StaticTable.Column<Member> dataIndex="email" title={t('account.email')} />
        <StaticTable.Column<Member>
          dataIndex="role"
          title={t('account.role')}
          render={(role) => t(`enum.role.${role}`)}
        />
        <StaticTable.Column<Member>
          title={t('account.manager')}
          render={(_, row) =>
            isAdmin ? (
              <Switch
                size="small"
                checked={row.is_manager}
                onChange={(checked) =>
                  act('put', `/api/teams/${team}/members/${row.id}`, { is_manager: checked })
                }
              />
            ) : row.is_manager ? (
              <Tag color="gold">{t('account.manager')}</Tag>
            ) : null
          }
        />
        <StaticTable.Column<Member>
          render={(_, row) => (
            <Popconfirm
              title={t('people.members.remove_confirm', { name: row.name })}
              onConfirm={() => act('delete', `/api/teams/${team}/members/${row.id}`, {})}
            >
              <Button size="small" danger type="link">
                {t('people.members.remove')}
              </Button>
            </Popconfirm>
          )}
        />
      </StaticTable>
    </Space>
  )
}
