import { Button, Popover, Space, Typography } from 'antd'
import { QuestionCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

/** What the fan index, the view index and the score mean, in the reader's language. */
export function FormulaHelp() {
  const { t } = useTranslation()
  const formula = (key: 'fan_index' | 'view_index' | 'score') => (
    <div key={key} data-testid={`formula-${key}`}>
      <Typography.Text strong>{t(`data_center.index.${key}`)}</Typography.Text>
      <pre
        style={{
          margin: '4px 0',
          padding: '6px 8px',
          background: '#f8f9fa',
          borderRadius: 4,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        }}
      >
        {t(`data_center.help.${key}_formula`)}
      </pre>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`data_center.help.${key}_note`)}
      </Typography.Text>
    </div>
  )
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('data_center.help.title')}
      content={
        <Space
          direction="vertical"
          size="middle"
          style={{ maxWidth: 440 }}
          data-testid="formula-help-content"
        >
          {formula('fan_index')}
          {formula('view_index')}
          {formula('score')}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('data_center.help.period_note')}
          </Typography.Text>
        </Space>
      }
    >
      <Button
        type="text"
        size="small"
        icon={<QuestionCircleOutlined />}
        data-testid="formula-help"
        aria-label={t('data_center.help.title')}
      >
        {t('data_center.help.button')}
      </Button>
    </Popover>
  )
}
