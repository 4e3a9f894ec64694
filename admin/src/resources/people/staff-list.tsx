import { useMemo } from 'react'
import { useCan, type CrudFilter } from '@refinedev/core'
import { getDefaultSortOrder, useTable } from '@refinedev/antd'
import { Avatar, Button, Card, Input, Select, Space, Tag, Typography } from 'antd'
import { EditOutlined, EyeOutlined, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ROLES, TEAMS, USER_STATUSES } from '@shared/constants'
import { TeamTags } from '../../components/person-details'
import type { StaffMember } from './types'
import { ListTable } from '../../components/list-table'

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  pending: 'orange',
  rejected: 'red',
  disabled: 'default',
}

function valueOf(filters: CrudFilter[], field: string) {
  const found = filters.find((filter) => 'field' in filter && filter.field === field)
  return found && 'value' in found ? (found.value as string | undefined) : undefined
}

/** /app/staff: the staff directory — search by name, team, email; admins see every account. */
function StaffListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data: canEdit } = useCan({ resource: 'users', action: 'update' })
  const admin = Boolean(canEdit?.can)
  const { tableProps, filters, setFilters, sorters, setCurrentPage } = useTable<StaffMember>({
    resource: 'users',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'name', order: 'asc' }] },
    syncWithLocation: true,
  })
  const values = useMemo(
    () =>
      Object.fromEntries(
        ['q', 'team', 'role', 'status'].map((field) => [field, valueOf(filters, field)])
      ),
    [filters]
  )
  const apply = (field: string, value: string | undefined) => {
    setFilters([{ field, operator: 'eq', value: value || undefined }], 'merge')
    setCurrentPage(1)
  }

  return (
    <Card title={t('menu.staff')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={values.q}
          placeholder={t('people.staff.search')}
          onSearch={(value) => apply('q', value.trim())}
          style={{ width: 280 }}
          data-testid="staff-search"
        />
        <Select
          allowClear
          placeholder={t('people.staff.team')}
          value={values.team}
          onChange={(value) => apply('team', value)}
          style={{ width: 180 }}
          options={TEAMS.map((team) => ({ value: team, label: t(`enum.team.${team}`) }))}
        />
        <Select
          allowClear
          placeholder={t('people.staff.role')}
          value={values.role}
          onChange={(value) => apply('role', value)}
          style={{ width: 150 }}
          options={ROLES.map((role) => ({ value: role, label: t(`enum.role.${role}`) }))}
        />
        {admin && (
          <Select
            allowClear
            placeholder={t('people.staff.status')}
            value={values.status}
            onChange={(value) => apply('status', value)}
            style={{ width: 150 }}
            options={USER_STATUSES.map((status) => ({
              value: status,
              label: t(`people.status.${status}`),
            }))}
          />
        )}
      </Space>
      <ListTable<StaffMember>
        {...tableProps}
        testId="staff-table"
        onRow={(row) => ({ onDoubleClick: () => navigate(`/app/staff/${row.id}`) })}
      >
        <ListTable.Column<StaffMember>
          dataIndex="name"
          title={t('account.name')}
          sorter
          defaultSortOrder={getDefaultSortOrder('name', sorters)}
          render={(_, row) => (
            <Space>
              <Avatar size="small" src={row.avatar_url ?? undefined} icon={<UserOutlined />} />
              <Typography.Link onClick={() => navigate(`/app/staff/${row.id}`)}>
                {row.name}
              </Typography.Link>
            </Space>
          )}
        />
        <ListTable.Column<StaffMember>
          dataIndex="email"
          title={t('account.email')}
          sorter
          defaultSortOrder={getDefaultSortOrder('email', sorters)}
        />
        <ListTable.Column<StaffMember>
          dataIndex="phone"
          title={t('account.phone')}
          render={(value) => value ?? t('common.none')}
        />
        <ListTable.Column<StaffMember>
          title={t('people.staff.team')}
          render={(_, row) => <TeamTags teams={row.teams} />}
        />
        <ListTable.Column<StaffMember>
          dataIndex="role"
          title={t('account.role')}
          sorter
          defaultSortOrder={getDefaultSortOrder('role', sorters)}
          render={(role) => t(`enum.role.${role}`)}
        />
        {admin && (
          <ListTable.Column<StaffMember>
            dataIndex="status"
            title={t('people.staff.status')}
            render={(status) => (
              <Tag color={STATUS_COLORS[status]}>{t(`people.status.${status}`)}</Tag>
            )}
          />
        )}
        <ListTable.Column<StaffMember>
          dataIndex="last_login_at"
          title={t('account.last_login')}
          sorter
          defaultSortOrder={getDefaultSortOrder('last_login_at', sorters)}
          render={(value) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('common.none'))}
        />
        <ListTable.Column<StaffMember>
          render={(_, row) => (
            <Space>
              <Button
                size="small"
                icon={<EyeOutlined />}
                onClick={() => navigate(`/app/staff/${row.id}`)}
                aria-label={t('people.staff.show')}
              />
              {admin && (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(`/app/staff/${row.id}/edit`)}
                  aria-label={t('people.staff.edit')}
                />
              )}
            </Space>
          )}
        />
      </ListTable>
    </Card>
  )
}

export default StaffListPage
