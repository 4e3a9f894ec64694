import { numberFormat } from '../../../lib/number-formats'
import { Space } from 'antd'
import { DollarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { AdPrice } from '../types'
import { PlatformLogo } from '../../../components/platform-badge'
import { StaticTable } from '../../../components/list-table'
import { SectionCard } from '../../../components/section-card'

/** The creator's ad prices per platform and format. */
export function AdPricesCard({ prices }: { prices: AdPrice[] }) {
  const { t, i18n } = useTranslation()
  const money = (price: string, currency: string) => {
    let format: Intl.NumberFormat
    try {
      format = numberFormat(i18n.language, {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
      })
    } catch {
      format = numberFormat(i18n.language)
    }
    return format.format(Number(price))
  }

  return (
    <SectionCard icon={<DollarOutlined />} title={t('creators.ad_prices.title')} testId="ad-prices">
      <StaticTable<AdPrice>
        rowKey="id"
        dataSource={prices}
        locale={{ emptyText: t('creators.ad_prices.empty') }}
        columns={[
          {
            key: 'platform',
            title: t('creators.fields.platform'),
            render: (_, row) => (
              <Space size={6}>
                <PlatformLogo platform={row.platform} />
                {t(`enum.platform.${row.platform}`, { defaultValue: row.platform })}
              </Space>
            ),
          },
          {
            dataIndex: 'format',
            title: t('creators.ad_prices.format'),
            render: (value) => t(`enum.ad_format.${value}`, { defaultValue: value }),
          },
          {
            key: 'price',
            title: t('creators.ad_prices.price'),
            align: 'right',
            render: (_, row) => money(row.price, row.currency),
          },
        ]}
      />
    </SectionCard>
  )
}
