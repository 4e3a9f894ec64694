import { Card, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useQueryPatch } from '../../lib/use-query-patch'
import CoverResizer from './cover-resizer'
import DataDownload from './data-download'
import VideoDownload from './video-download'

/*
| /app/{brand}_labs — the Labs screen (SPEC §2 'Labs'): the thumbnail
| resizer, the weekly/monthly data download and the YouTube download, one tab
| each; the open tab is kept in the address (?tab=).
*/

const TABS = ['resizer', 'data', 'video'] as const
type LabsTab = (typeof TABS)[number]

export default function LabsPage() {
  const { t } = useTranslation()
  const [params, patch] = useQueryPatch({ replace: true })
  const wanted = params.get('tab')
  const active: LabsTab = TABS.includes(wanted as LabsTab) ? (wanted as LabsTab) : 'resizer'
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('labs.title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => patch({ tab: key === 'resizer' ? null : key })}
        destroyOnHidden
        items={[
          { key: 'resizer', label: t('labs.tabs.resizer'), children: <CoverResizer /> },
          { key: 'data', label: t('labs.tabs.data'), children: <DataDownload /> },
          { key: 'video', label: t('labs.tabs.video'), children: <VideoDownload /> },
        ]}
      />
    </Card>
  )
}
