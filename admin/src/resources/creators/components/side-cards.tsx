import { useMemo } from 'react'
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
  const money = useMemo(() => {
    const cache = new Map<string, Intl.NumberFormat>()
    return (price: string, currency: string) => {
      if (!cache.has(currency)) {
        try {
          cache.set(
            currency,
            new Intl.NumberFormat(i18n.language, {
              style: 'currency',
              currency,
              maximumFractionDigits: 2,
            })
          )
        } catch {
          cache.set(currency, new Intl.NumberFormat(i18n.language))
        }
      }
      return cache.get(currency)!.format(Number(price))
    }
  }, [i18n.language])

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
