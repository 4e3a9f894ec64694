import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ChartPanel } from './components/chart-panel'
import { MAX_CREATORS, usePanelParams } from './lib/params'

/** /app/total_compare — the Data Chart Panel: any metrics of any creators (or the network) over a range. */
function TotalCompare() {
  const { t } = useTranslation()
  const { state, update } = usePanelParams()
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="total-compare">
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.total_compare')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('chart_panel.intro')}</Typography.Text>
      </div>
      <ChartPanel
        state={state}
        update={update}
        creators={state.creators}
        onCreatorsChange={(creators) => update({ creators })}
        maxCreators={MAX_CREATORS}
      />
    </div>
  )
}

export default TotalCompare
