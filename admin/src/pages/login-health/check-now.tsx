import { useState } from 'react'
import { useCustomMutation } from '@refinedev/core'
import { Button, Progress, Space } from 'antd'
import { SyncOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LOGIN_CHECK_BATCH } from '@shared/login_health'
import { useSaveFeedback } from '../../lib/feedback'

interface CheckCounts {
  total: number
  works: number
  refused: number
  captcha: number
  unknown: number
  deferred: number
}

/**
 * "Check now": the visible logins are sent to POST /api/login_health/check
 * in parts of LOGIN_CHECK_BATCH (the server's limit per call), one part
 * after the other with a progress bar; then the counts are told and the
 * screen reads its list again.
 */
export function CheckNow({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const { mutateAsync } = useCustomMutation<CheckCounts>()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)

  const run = async () => {
    const total = ids.length
    const sum = { total: 0, works: 0, refused: 0, captcha: 0, unknown: 0, deferred: 0 }
    setProgress({ done: 0, total })
    try {
      for (let start = 0; start < total; start += LOGIN_CHECK_BATCH) {
        const part = ids.slice(start, start + LOGIN_CHECK_BATCH)
        const { data } = await mutateAsync({
          url: '/api/login_health/check',
          method: 'post',
          values: { account_ids: part },
          successNotification: false,
          errorNotification: false,
        })
        for (const key of Object.keys(sum) as (keyof CheckCounts)[]) sum[key] += data[key] ?? 0
        setProgress({ done: start + part.length, total })
      }
      feedback.succeeded(t('login_health.check.done', sum))
    } catch (error) {
      void feedback.failed(error as Parameters<typeof feedback.failed>[0])
    } finally {
      setProgress(null)
      onDone()
    }
  }

  return (
    <Space>
      {progress && (
        <Progress
          style={{ width: 160, margin: 0 }}
          size="small"
          percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 100}
          format={() => `${progress.done}/${progress.total}`}
          data-testid="login-health-progress"
        />
      )}
      <Button
        type="primary"
        icon={<SyncOutlined />}
        loading={progress !== null}
        disabled={ids.length === 0}
        onClick={() => void run()}
        data-testid="login-health-check"
      >
        {t('login_health.check.button', { count: ids.length })}
      </Button>
    </Space>
  )
}
