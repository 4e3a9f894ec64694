import { useMemo, useState } from 'react'
import { useCustomMutation, type HttpError } from '@refinedev/core'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorPicker,
  Col,
  Empty,
  Row,
  Segmented,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd'
import { DownloadOutlined, FileImageOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  COVER_RULES,
  COVER_SIZES,
  RESIZE_INPUT_MAX_BYTES,
  type CropPosition,
  type ResizeMode,
} from '@shared/cover_sizes'
import { sniffImage } from '../upload-station/file-checks'
import { downloadFile } from '../../lib/download'
import { useSaveFeedback } from '../../lib/feedback'

/*
| Labs › Thumbnail resizer: a jpg or png dropped (checked by its bytes here,
| again on the server), the platform sizes wanted (all by default), crop or
| pad (on a chosen colour); the server makes each size at its exact pixel
| size (api/shared/cover_sizes.ts, the table the Upload Station checks with)
| and answers a preview of each, to download one by one or all as a zip.
*/

interface CoverOutput {
  key: string
  platform: keyof typeof COVER_RULES
  width: number
  height: number
  aspect: string
  format: 'jpeg' | 'png'
  bytes: number
  file: string
  url: string
  preview: string | null
  source: { basis: 'published' | 'creators'; url: string | null; note: string }
}

interface CoverBatch {
  id: string
  zip_url: string
  expires_at: string
  items: CoverOutput[]
}

const ALL_KEYS = COVER_SIZES.map((size) => size.key)
const PLATFORMS = [...new Set(COVER_SIZES.map((size) => size.platform))]

function kilobytes(bytes: number) {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export default function CoverResizer() {
  const { t } = useTranslation()
  const feedback = useSaveFeedback()
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [sizes, setSizes] = useState<string[]>(ALL_KEYS)
  const [mode, setMode] = useState<ResizeMode>('crop')
  const [position, setPosition] = useState<CropPosition>('attention')
  const [background, setBackground] = useState('#ffffff')
  const [batch, setBatch] = useState<CoverBatch | null>(null)
  const [downloading, setDownloading] = useState<string | null>(null)
  const { mutate, mutation } = useCustomMutation<CoverBatch>()

  const choose = async (chosen: File) => {
    setBatch(null)
    const wrong = await sniffImage(chosen)
    if (wrong) {
      setFile(null)
      setProblem(t(`labs.resizer.problems.${wrong === 'empty' ? 'empty' : 'not_image'}`))
    } else if (chosen.size > RESIZE_INPUT_MAX_BYTES) {
      setFile(null)
      setProblem(
        t('labs.resizer.problems.too_large', { max: RESIZE_INPUT_MAX_BYTES / 1024 / 1024 })
      )
    } else {
      setFile(chosen)
      setProblem(null)
    }
  }

  const run = () => {
    if (!file) return
    const body = new FormData()
    body.append('mode', mode)
    body.append('position', position)
    body.append('background', background)
    body.append('sizes', sizes.join(','))
    body.append('image', file)
    mutate(
      {
        url: '/api/labs/covers',
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (response) => setBatch(response.data),
        onError: (error: HttpError) => feedback.failed(error),
      }
    )
  }

  const download = async (url: string, name: string) => {
    setDownloading(url)
    try {
      await downloadFile(url, name)
    } catch (error) {
      feedback.failed(error as HttpError)
    } finally {
      setDownloading(null)
    }
  }

  const groups = useMemo(
    () =>
      PLATFORMS.map((platform) => ({
        platform,
        sizes: COVER_SIZES.filter((size) => size.platform === platform),
      })),
    []
  )

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <div data-testid="resizer-drop">
            <Upload.Dragger
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              multiple={false}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void choose(chosen)
                return Upload.LIST_IGNORE
              }}
            >
              <p className="ant-upload-drag-icon">
                {file ? <FileImageOutlined /> : <InboxOutlined />}
              </p>
              <p className="ant-upload-text">
                {file ? (
                  <span data-testid="resizer-file">{file.name}</span>
                ) : (
                  t('labs.resizer.drop')
                )}
              </p>
              <p className="ant-upload-hint">
                {t('labs.resizer.drop_hint', { max: RESIZE_INPUT_MAX_BYTES / 1024 / 1024 })}
              </p>
            </Upload.Dragger>
          </div>
          {problem ? (
            <Alert
              type="error"
              showIcon
              message={problem}
              style={{ marginTop: 8 }}
              data-testid="resizer-problem"
            />
          ) : null}
          <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
            <Typography.Text strong>{t('labs.resizer.mode')}</Typography.Text>
            <Segmented<ResizeMode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'crop', label: t('labs.resizer.crop') },
                { value: 'pad', label: t('labs.resizer.pad') },
              ]}
            />
            {mode === 'crop' ? (
              <Space>
                <Typography.Text>{t('labs.resizer.position')}</Typography.Text>
                <Select<CropPosition>
                  value={position}
                  onChange={setPosition}
                  style={{ minWidth: 180 }}
                  options={[
                    { value: 'attention', label: t('labs.resizer.attention') },
                    { value: 'centre', label: t('labs.resizer.centre') },
                  ]}
                />
              </Space>
            ) : (
              <Space>
                <Typography.Text>{t('labs.resizer.background')}</Typography.Text>
                <ColorPicker
                  value={background}
                  disabledAlpha
                  showText
                  onChangeComplete={(colour) => setBackground(colour.toHexString())}
                />
              </Space>
            )}
            <Button
              type="primary"
              onClick={run}
              disabled={!file || sizes.length === 0}
              loading={mutation.isPending}
              data-testid="resizer-run"
            >
              {t('labs.resizer.run', { count: sizes.length })}
            </Button>
          </Space>
        </Col>
        <Col xs={24} md={15}>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('labs.resizer.sizes')}</Typography.Text>
            <Button size="small" onClick={() => setSizes(ALL_KEYS)}>
              {t('labs.resizer.all')}
            </Button>
            <Button size="small" onClick={() => setSizes([])}>
              {t('labs.resizer.none')}
            </Button>
          </Space>
          <Checkbox.Group
            value={sizes}
            onChange={(values) => setSizes(ALL_KEYS.filter((key) => values.includes(key)))}
            style={{ width: '100%' }}
          >
            <Row gutter={[8, 4]}>
              {groups.map((group) => (
                <Col xs={24} sm={12} key={group.platform}>
                  <Typography.Text type="secondary">
                    {t(`enum.platform.${group.platform}`)}
                  </Typography.Text>
                  {group.sizes.map((size) => (
                    <div key={size.key}>
                      <Checkbox value={size.key} data-testid={`resizer-size-${size.key}`}>
                        {size.width}×{size.height} ({size.aspect})
                      </Checkbox>
                      {size.source.basis === 'creators' ? (
                        <Tooltip title={size.source.note}>
                          <Tag>{t('labs.resizer.creators_figure')}</Tag>
                        </Tooltip>
                      ) : null}
                    </div>
                  ))}
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Col>
      </Row>

      {batch ? (
        <Card
          size="small"
          title={t('labs.resizer.results', { count: batch.items.length })}
          extra={
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={downloading === batch.zip_url}
              onClick={() => void download(batch.zip_url, 'covers.zip')}
              data-testid="resizer-zip"
            >
              {t('labs.resizer.download_all')}
            </Button>
          }
          data-testid="resizer-results"
        >
          <Row gutter={[12, 12]}>
            {batch.items.map((item) => (
              <Col xs={12} md={8} xl={6} key={item.key}>
                <Card
                  size="small"
                  data-testid={`resizer-result-${item.key}`}
                  cover={
                    item.preview ? (
                      <div style={{ background: '#f5f5f5', textAlign: 'center', padding: 8 }}>
                        <img
                          src={item.preview}
                          alt={item.key}
                          style={{ maxWidth: '100%', maxHeight: 160 }}
                        />
                      </div>
                    ) : undefined
                  }
                  actions={[
                    <Button
                      key="download"
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      loading={downloading === item.url}
                      onClick={() => void download(item.url, item.file)}
                    >
                      {t('labs.resizer.download')}
                    </Button>,
                  ]}
                >
                  <Typography.Text strong>{t(`enum.platform.${item.platform}`)}</Typography.Text>
                  <div data-testid="resizer-result-size">
                    {item.width}×{item.height} · {item.aspect} ·{' '}
                    {item.format === 'jpeg' ? 'JPG' : 'PNG'} · {kilobytes(item.bytes)}
                  </div>
                  <Typography.Paragraph
                    type="secondary"
                    style={{ fontSize: 12, margin: 0 }}
                    ellipsis={{ rows: 2, tooltip: item.source.note }}
                  >
                    {item.source.basis === 'published'
                      ? t('labs.resizer.published', { note: item.source.note })
                      : t('labs.resizer.no_published')}
                  </Typography.Paragraph>
                </Card>
              </Col>
            ))}
          </Row>
        </Card>
      ) : (
        <Empty description={t('labs.resizer.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Space>
  )
}
