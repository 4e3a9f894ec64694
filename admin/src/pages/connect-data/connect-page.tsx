import { useCan } from '@refinedev/core'
import { useTable } from '@refinedev/antd'
import { Card, Segmented, Space } from 'antd'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ConnectKind } from '@shared/connect_data'
import { ScreenSkeleton } from '../../components/layout/screen-skeleton'
import NoPermission from '../../components/no-permission'
import { ConnectForm } from './connect-form'
import { ConnectList } from './connect-list'
import type { ConnectRow } from './types'

/*
| /app/connect_cr_data and /app/connect_video_data: connect an outside
| creator (or video) to a managed one, see what moves, then confirm or
| revert; the connects of that kind with their state below.
*/

const PATHS: Record<ConnectKind, string> = {
  creator: '/app/connect_cr_data',
  video: '/app/connect_video_data',
}

function ConnectScreen({ kind }: { kind: ConnectKind }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { tableProps, tableQuery } = useTable<ConnectRow>({
    resource: 'connect_data',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    filters: { permanent: [{ field: 'kind', operator: 'eq', value: kind }] },
  })
  const refresh = () => void tableQuery.refetch()
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Segmented<ConnectKind>
        value={kind}
        onChange={(value) => navigate(PATHS[value])}
        options={[
          { value: 'creator', label: t('connect_data.creator.tab') },
          { value: 'video', label: t('connect_data.video.tab') },
        ]}
        data-testid="connect-kind"
      />
      <ConnectForm kind={kind} onConnected={refresh} />
      <Card title={t(`connect_data.${kind}.list_title`)}>
        <ConnectList kind={kind} tableProps={tableProps} onChanged={refresh} />
      </Card>
    </Space>
  )
}

/** For who may view connect data (the menu asks only for the screen). */
export function ConnectPage({ kind }: { kind: ConnectKind }) {
  const { data, isPending } = useCan({ resource: 'connect_data', action: 'view' })
  if (isPending) return <ScreenSkeleton />
  return data?.can ? <ConnectScreen kind={kind} /> : <NoPermission />
}
