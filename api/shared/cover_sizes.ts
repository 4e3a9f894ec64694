/**
 * The cover (thumbnail) sizes of the Chinese platforms: one rules table for
 * the Labs resizer (which makes every size below) and the Upload Station's
 * thumbnail check (which refuses a cover its platform would refuse). Shared by
 * the API and the admin (`@shared/cover_sizes`): keep it free of imports.
 *
 * Every figure says where it comes from. `basis: 'published'` is a figure the
 * platform (or its open platform's API documentation) states; `'creators'`
 * means no published figure was found and the value is the one creators
 * commonly use, so it is marked as such in the table and on the screen. The
 * figures were looked up in December 2026.
 */

const COVER_PLATFORMS = [
  'bilibili',
  'xigua',
  'haokan',
  'douyin',
  'kwai',
  'weibo',
  'xiaohongshu',
  'tencent',
  'iqiyi',
  'netease',
  'wechat_channels',
] as const
export type CoverPlatform = (typeof COVER_PLATFORMS)[number]

export type CoverFormat = 'jpeg' | 'png'

/** Where a figure comes from. */
interface CoverSource {
  basis: 'published' | 'creators'
  /** The page that states it (null when none was found). */
  url: string | null
  /** What the page says, or why the figure is the creators' one. */
  note: string
}

/** One cover size a platform asks for. */
export interface CoverSize {
  /** `<platform>_<width>x<height>`: the size's key in requests, file names and the zip. */
  key: string
  platform: CoverPlatform
  width: number
  height: number
  /** As people say it ('16:9'). */
  aspect: string
  source: CoverSource
}

/** What a platform accepts of any cover. */
interface CoverRules {
  platform: CoverPlatform
  /** The platform's name as messages print it. */
  label: string
  /** Formats the platform takes; the first is what the resizer writes when the input's is not among them. */
  formats: readonly CoverFormat[]
  /** Largest file the platform takes. */
  maxBytes: number
  /** Smallest cover the platform takes. */
  minWidth: number
  minHeight: number
  source: CoverSource
  sizes: CoverSize[]
}

const MB = 1024 * 1024

const NOT_FOUND = 'no published figure found'

function size(
  platform: CoverPlatform,
  width: number,
  height: number,
  aspect: string,
  source: CoverSource
): CoverSize {
  return { key: `${platform}_${width}x${height}`, platform, width, height, aspect, source }
}

const BILIBILI_OPEN: CoverSource = {
  basis: 'published',
  url: 'https://openhome.bilibili.com/doc (视频稿件投递 › 封面上传, POST member.bilibili.com/arcopen/fn/archive/cover/upload; mirrored at https://apifox.com/apidoc/docs-site/1106400/api-23705555)',
  note: '格式jpeg、png，文件大小≤5MB，建议尺寸≥1146x717，最低尺寸≥960x600',
}

const DOUYIN_IMAGE: CoverSource = {
  basis: 'published',
  url: 'https://developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/search-management/business-tool/image-upload',
  note: '图片上传 (open.douyin.com/tool/imagex/client_upload): 图片不超过 10 MB; jpeg, png, bmp, webp. No cover pixel size is published.',
}

const KWAI_LIVE: CoverSource = {
  basis: 'published',
  url: 'https://open.kuaishou.com/platform (获取推流地址接口 /openapi/kwaiUser/live/pushUrls; mirrored at https://apifox.com/apidoc/project-462993/api-7075085)',
  note: 'The only cover figure Kuaishou publishes is for live covers: 不超过2M, 只能上传jpg格式, 推荐尺寸720x1280. No figure is published for video covers.',
}

const BAIJIAHAO_OPEN: CoverSource = {
  basis: 'published',
  url: 'https://baijiahao.baidu.com/builderinner/open/resource/article/publish (open API, as quoted in https://blog.csdn.net/qq_25861247/article/details/127827214)',
  note: 'Baijiahao (Haokan) open API: cover_images 封面图尺寸不小于 218*146. No file size or video cover size is published.',
}

function creators(note: string): CoverSource {
  return { basis: 'creators', url: null, note: `${NOT_FOUND}; ${note}` }
}

const WIDE_1080 = creators('1920×1080 (16:9, the video frame) is what creators upload')
const TALL_1080 = creators('1080×1920 (9:16, full-screen vertical) is what creators upload')
const NOTE_3_4 = creators('1080×1440 (3:4, the note feed card) is what creators upload')

/**
 * The rules table. Where no maximum file size is published, 5 MB (the
 * smallest published limit among these platforms, Bilibili's) is used and
 * marked as the creators' figure; where no minimum is published, 640×360.
 */
export const COVER_RULES: Record<CoverPlatform, CoverRules> = {
  bilibili: {
    platform: 'bilibili',
    label: 'Bilibili',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 960,
    minHeight: 600,
    source: BILIBILI_OPEN,
    sizes: [size('bilibili', 1146, 717, '16:10', BILIBILI_OPEN)],
  },
  xigua: {
    platform: 'xigua',
    label: 'Xigua',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB, at least 640×360, is what creators keep to'),
    sizes: [size('xigua', 1920, 1080, '16:9', WIDE_1080)],
  },
  haokan: {
    platform: 'haokan',
    label: 'Haokan',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 218,
    minHeight: 146,
    source: BAIJIAHAO_OPEN,
    sizes: [size('haokan', 1280, 720, '16:9', creators('1280×720 (16:9) is what creators upload'))],
  },
  douyin: {
    platform: 'douyin',
    label: 'Douyin',
    formats: ['jpeg', 'png'],
    maxBytes: 10 * MB,
    minWidth: 640,
    minHeight: 360,
    source: DOUYIN_IMAGE,
    sizes: [
      size('douyin', 1080, 1920, '9:16', TALL_1080),
      size('douyin', 1920, 1080, '16:9', creators('1920×1080 (16:9) for horizontal videos')),
    ],
  },
  kwai: {
    platform: 'kwai',
    label: 'Kuaishou',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: KWAI_LIVE,
    sizes: [
      size('kwai', 1080, 1920, '9:16', TALL_1080),
      size('kwai', 720, 1280, '9:16', KWAI_LIVE),
    ],
  },
  weibo: {
    platform: 'weibo',
    label: 'Weibo',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [size('weibo', 1920, 1080, '16:9', WIDE_1080)],
  },
  xiaohongshu: {
    platform: 'xiaohongshu',
    label: 'Xiaohongshu',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [size('xiaohongshu', 1080, 1440, '3:4', NOTE_3_4)],
  },
  tencent: {
    platform: 'tencent',
    label: 'Tencent Video',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [size('tencent', 1920, 1080, '16:9', WIDE_1080)],
  },
  iqiyi: {
    platform: 'iqiyi',
    label: 'iQiyi',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [size('iqiyi', 1920, 1080, '16:9', WIDE_1080)],
  },
  netease: {
    platform: 'netease',
    label: 'NetEase',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [
      size('netease', 1280, 720, '16:9', creators('1280×720 (16:9) is what creators upload')),
    ],
  },
  wechat_channels: {
    platform: 'wechat_channels',
    label: 'WeChat Channels',
    formats: ['jpeg', 'png'],
    maxBytes: 5 * MB,
    minWidth: 640,
    minHeight: 360,
    source: creators('jpg or png up to 5 MB is what creators keep to'),
    sizes: [
      size('wechat_channels', 1080, 1920, '9:16', TALL_1080),
      size('wechat_channels', 1080, 1260, '6:7', creators('1080×1260 (6:7, the feed card)')),
    ],
  },
}

/** Every size of every platform, in the table's order. */
export const COVER_SIZES: CoverSize[] = COVER_PLATFORMS.flatMap(
  (platform) => COVER_RULES[platform].sizes
)

/** The size with `key`, or null. */
export function coverSizeOf(key: string): CoverSize | null {
  return COVER_SIZES.find((candidate) => candidate.key === key) ?? null
}

/*
|--------------------------------------------------------------------------
| The resizer's bounds and choices
|--------------------------------------------------------------------------
*/

/** Largest image the resizer (and the SPEC §7 resize paths) reads. */
export const RESIZE_INPUT_MAX_BYTES = 20 * MB
/** Largest image, in pixels, the resizer decodes (a small file can hold a huge image). */
export const RESIZE_INPUT_MAX_PIXELS = 40_000_000
/** Largest output side the SPEC §7 resize paths make. */
export const RESIZE_OUTPUT_MAX_SIDE = 4096

/** crop: fill the size and cut what overflows; pad: fit the whole image and fill the rest. */
export const RESIZE_MODES = ['crop', 'pad'] as const
export type ResizeMode = (typeof RESIZE_MODES)[number]

/** Where a crop keeps the picture: its centre, or the part that draws the eye. */
export const CROP_POSITIONS = ['centre', 'attention'] as const
export type CropPosition = (typeof CROP_POSITIONS)[number]

/** A pad colour as `#rrggbb`. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/

/*
|--------------------------------------------------------------------------
| The Upload Station's cover check
|--------------------------------------------------------------------------
*/

/** A cover as read from its bytes. */
interface CoverImage {
  format: CoverFormat
  width: number
  height: number
  bytes: number
}

/** Why a platform would refuse a cover (message keys `uploads.files.<code>`). */
interface CoverProblem {
  code: 'cover_format' | 'cover_too_small' | 'cover_too_large'
  platform: CoverPlatform
  params: Record<string, string | number>
}

/** What each of `platforms` would refuse of `image` (none: every one takes it). */
export function coverProblems(
  platforms: readonly CoverPlatform[],
  image: CoverImage
): CoverProblem[] {
  const problems: CoverProblem[] = []
  for (const platform of platforms) {
    const rules = COVER_RULES[platform]
    if (!rules.formats.includes(image.format)) {
      problems.push({
        code: 'cover_format',
        platform,
        params: { platform: rules.label, formats: rules.formats.join(', ') },
      })
    }
    if (image.width < rules.minWidth || image.height < rules.minHeight) {
      problems.push({
        code: 'cover_too_small',
        platform,
        params: {
          platform: rules.label,
          width: image.width,
          height: image.height,
          min_width: rules.minWidth,
          min_height: rules.minHeight,
        },
      })
    }
    if (image.bytes > rules.maxBytes) {
      problems.push({
        code: 'cover_too_large',
        platform,
        params: { platform: rules.label, max_mb: rules.maxBytes / MB },
      })
    }
  }
  return problems
}
