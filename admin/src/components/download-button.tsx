import { useState } from 'react'
import type { HttpError } from '@refinedev/core'
import { App, Button, type ButtonProps } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '../lib/download'

/**
 * A button that downloads a file through the data provider (a workbook, an
 * export), spinning meanwhile; a refusal is the server's message. `query` is
 * read when the button is pressed (the filters of that moment).
 */
export function DownloadButton({
  url,
  fileName,
  query,
  icon = <DownloadOutlined />,
  ...button
}: Omit<ButtonProps, 'onClick' | 'loading'> & {
  url: string
  fileName: string
  query?: () => Record<string, string | number | undefined>
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      await downloadFile(url, fileName, query?.())
    } catch (error) {
      message.error((error as HttpError).message || t('errors.request_failed'))
    } finally {
      setBusy(false)
    }
  }
  return <Button {...button} icon={icon} loading={busy} onClick={() => void download()} />
}
