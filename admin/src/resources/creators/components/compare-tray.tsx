import { Link } from 'react-router'
import { Badge, Button, Popover, Space, Typography } from 'antd'
import { SwapOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { COMPARE_MAX, useCompare } from '../../../lib/compare'

/** How many creators wait in the compare tray (kept in this browser), with a way to empty it. */
export function CompareTray() {
  const { t } = useTranslation()
  const { ids, clear } = useCompare()
  return (
    <Popover
      trigger="click"
      title={t('creators.compare.title')}
      content={
        <Space direction="vertical" style={{ maxWidth: 260 }}>
          <Typography.Text type="secondary">
            {ids.length
              ? t('creators.compare.picked', { n: ids.length, max: COMPARE_MAX })
              : t('creators.compare.empty')}
          </Typography.Text>
          <Space>
            <Link to="/app/creator_compare">
              <Button size="small" type="primary" disabled={!ids.length}>
                {t('creators.compare.open')}
              </Button>
            </Link>
            <Button size="small" onClick={clear} disabled={!ids.length}>
              {t('creators.compare.clear')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Badge count={ids.length} size="small" showZero={false}>
        <Button icon={<SwapOutlined />} data-testid="compare-tray">
          {t('creators.compare.tray', { n: ids.length, max: COMPARE_MAX })}
        </Button>
      </Badge>
    </Popover>
  )
}
