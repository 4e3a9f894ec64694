import { Space, Tooltip, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { isCollectErrorCode, splitCollectError } from '@shared/collect_errors'

/** Why a collection failed, in the reader's language (the code's sentence, never the raw code). */
export function collectErrorSentence(t: TFunction, code: string | null | undefined) {
  return t(`alerts.collect_errors.${isCollectErrorCode(code) ? code : 'error'}`)
}

/**
 * A failed collection's reason: the translated sentence first, the
 * adapter's technical detail second (smaller, and in full in a tooltip).
 * Takes the code and detail as the API sends them, or the stored
 * `code: message` text of older answers.
 */
export function CollectError({
  code,
  detail,
  text,
}: {
  code?: string | null
  detail?: string | null
  text?: string | null
}) {
  const { t } = useTranslation()
  const parsed = code ? { code, detail: detail ?? null } : splitCollectError(text)
  if (!parsed) return null
  const sentence = collectErrorSentence(t, parsed.code)
  return (
    <Space direction="vertical" size={0} data-testid="collect-error">
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {sentence}
      </Typography.Text>
      {parsed.detail && (
        <Tooltip title={`${t('alerts.collect_errors.detail')}: ${parsed.detail}`}>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 11, maxWidth: 260 }}
            ellipsis
            data-testid="collect-error-detail"
          >
            {t('alerts.collect_errors.detail')}: {parsed.detail}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  )
}
