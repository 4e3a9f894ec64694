/// <reference lib="dom" />
import type { Page } from 'playwright'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { AlertFactory } from '#database/factories/alert_factory'
import { AuditLogFactory } from '#database/factories/audit_log_factory'
import { BoardPostFactory } from '#database/factories/board_factory'
import { LetterFactory } from '#database/factories/letter_factory'
import { BrandDealFactory, ProductSaleFactory } from '#database/factories/market_factory'
import { NotificationFactory } from '#database/factories/notification_factory'
import { MetricCollectionRunFactory } from '#database/factories/metric_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { IpAllowlistEntryFactory } from '#database/factories/ip_allowlist_entry_factory'
import { accountOf, daily, insertSnapshots, snapshotRows } from '#tests/helpers/metrics'
import { seedVideoDataset } from '#tests/helpers/videos'

/*
|--------------------------------------------------------------------------
| What a reader sees: a dataset that fills every screen's tables and charts,
| and a check of every visible word for raw translation keys and the
| English words antd, dayjs and Quill show when their locale is missing.
|--------------------------------------------------------------------------
*/

const CREATORS = 8

/**
 * Eight creators on Bilibili and Douyin, 1–10 March 2025, whose fans add up
 * to about 200 million (2억 · 2亿 · 2億) and grow by 1.2 million a day: a
 * value axis needs two decimals in Korean, Chinese and Japanese there.
 * Everything else a screen lists (alerts, letters, posts, deals, sales, the
 * studio log, codes, addresses, notifications, a collection run) once or
 * twice, with the data the server sends as codes for the admin to word: a
 * failed collection's `code: detail`, a portrait's region and partition in
 * English, a role change in the studio log. Every name is written here, none invented by faker, so that no
 * English word slips in as data.
 */
export async function readersDataset() {
  const admin = await UserFactory.apply('admin').merge({ name: 'Kim Minji' }).create()
  const staff = await UserFactory.apply('staff').merge({ name: 'Lee Jisoo' }).create()
  const creatorUser = await UserFactory.apply('creator').merge({ name: 'Wang Fang' }).create()
  const company = await UserFactory.apply('company').merge({ name: 'Sakura Cosme' }).create()

  const rows: Record<string, unknown>[] = []
  const creators = []
  for (let i = 1; i <= CREATORS; i++) {
    const creator = await CreatorFactory.merge({
      brandNo: `W-${String(i).padStart(2, '0')}`,
      channelName: `Hana ${i}`,
      contractorName: `Park Seoyeon ${i}`,
      userId: i === 1 ? creatorUser.id : null,
    })
      .with('accounts', 1, (account) =>
        account.merge({ platform: 'bilibili', uid: `88${i}000`, channelName: `Hana ${i}` })
      )
      .with('accounts', 1, (account) =>
        account.merge({ platform: 'douyin', uid: `77${i}000`, channelName: `Hana ${i}` })
      )
      .with('portraits', 1)
      .with('portraits', 1, (portrait) =>
        portrait.merge({ dimension: 'region', bucket: 'Guangdong' })
      )
      .with('portraits', 1, (portrait) =>
        portrait.merge({ dimension: 'partition', bucket: 'Knowledge' })
      )
      .create()
    creators.push(creator)
    rows.push(
      ...snapshotRows(
        await accountOf(creator, 'bilibili'),
        daily(1, 10, (day) => ({
          fans: 24_400_000 + 150_000 * day,
          views: 1_000_000 + 40_000 * day * i,
          likes: 20_000 + 300 * day,
          comments: 1_000 + 20 * day,
          videos: 100 + day,
        }))
      ),
      ...snapshotRows(
        await accountOf(creator, 'douyin'),
        daily(1, 10, (day) => ({
          fans: 50_000 + 1_000 * i + 100 * day,
          views: 300_000 + 5_000 * day,
          likes: 9_000 + 50 * day,
          comments: 300 + day,
          videos: 40,
        }))
      )
    )
  }
  await insertSnapshots(rows)
  // videos of the first three creators' Bilibili accounts (the video screens), no English titles
  const { videoIds } = await seedVideoDataset({
    accountsGiven: await Promise.all(
      creators.slice(0, 3).map((creator) => accountOf(creator, 'bilibili'))
    ),
    videosPerAccount: 6,
    days: 5,
    titles: ['数据分析入门 第一集', '서울 먹방 브이로그', '東京カフェ巡り', '吉他弹唱 晴天'],
  })

  await AlertFactory.merge({ creatorId: creators[0].id }).create()
  await AlertFactory.merge({ creatorId: creators[1].id }).apply('acknowledged').create()
  // a failed collection stored the old way, as one `code: detail` text
  await AlertFactory.merge({
    creatorId: creators[2].id,
    kind: 'collection_failed',
    figures: { error: 'bad_response: upstat answered without data' },
  }).create()
  await NotificationFactory.merge({ userId: admin.id, params: { title: '3월 리포트' } }).create()
  await NotificationFactory.merge({
    userId: admin.id,
    kind: 'collection_failed',
    params: { count: 2 },
  }).create()
  await LetterFactory.merge({
    senderId: staff.id,
    recipientId: admin.id,
    subject: '3월 정산',
    body: '확인 부탁드립니다.',
  }).create()
  await BoardPostFactory.merge({
    authorId: admin.id,
    title: '주간 리포트',
    contentHtml: '<p>이번 주 숫자</p>',
  }).create()
  await BoardPostFactory.apply('notice')
    .merge({ authorId: admin.id, title: '공지', contentHtml: '<p>공지 내용</p>' })
    .create()
  for (const stage of ['enquiry', 'negotiating', 'signed'] as const) {
    await BrandDealFactory.merge({
      brand: 'Sakura Cosme',
      contactName: 'Tanaka Yui',
      contactEmail: 'tanaka@sakura.example',
      creatorId: creators[0].id,
      companyUserId: company.id,
      stage,
      amount: stage === 'signed' ? '2500000.00' : null,
    }).create()
  }
  for (const creator of creators.slice(0, 3)) {
    await ProductSaleFactory.merge({ creatorId: creator.id, product: '소고기 육포' }).create()
  }
  await AuditLogFactory.merge({ userId: admin.id, action: 'auth.login' }).create()
  await AuditLogFactory.merge({
    userId: admin.id,
    action: 'user.update_profile',
    subjectType: 'user',
    subjectId: String(staff.id),
    meta: { role: { from: 'staff', to: 'manager' } },
  }).create()
  await RegisterCodeFactory.create()
  await IpAllowlistEntryFactory.merge({ note: '본사' }).create()
  await MetricCollectionRunFactory.apply('finished')
    .merge({ total: 16, processed: 16, succeeded: 16 })
    .create()

  return { admin, staff, creatorUser, company, creators, videoIds }
}

export type ReadersDataset = Awaited<ReturnType<typeof readersDataset>>
export type { User }

/** One visible text of the page, and where it was seen. */
export interface SeenText {
  text: string
  /** 'text', an attribute's name, or 'css' (a pseudo-element's content, as Quill's pickers). */
  kind: string
  /** The nearest data-testid, class or tag: enough to find it on the screenshot. */
  where: string
}

/**
 * Every visible text node of the page, its inputs' placeholders, the title
 * and aria-label attributes (not those of antd's icons, which name the
 * picture) and the content of Quill's pseudo-elements.
 */
export function visibleTexts(page: Page): Promise<SeenText[]> {
  return page.evaluate(() => {
    const seen: SeenText[] = []
    // Inside a box of no size that hides its overflow (rc-select's list for screen readers).
    const clippedCache = new Map<Element, boolean>()
    const clipped = (element: Element | null): boolean => {
      if (!element || element === document.body) return false
      if (!clippedCache.has(element)) {
        const box = element.getBoundingClientRect()
        const empty = box.width < 1 || box.height < 1
        clippedCache.set(
          element,
          (empty && getComputedStyle(element).overflow !== 'visible') ||
            clipped(element.parentElement)
        )
      }
      return clippedCache.get(element)!
    }
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      element.getClientRects().length > 0 &&
      !clipped(element)
    const whereOf = (element: Element) => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid')
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : ''
      return [testId, className || element.tagName.toLowerCase()].filter(Boolean).join(' › ')
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue
      if (shown(parent)) seen.push({ text, kind: 'text', where: whereOf(parent) })
    }
    for (const element of Array.from(
      document.querySelectorAll('[placeholder], [title], [aria-label]')
    )) {
      if (!shown(element) || element.matches('.anticon, .anticon *')) continue
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(name)?.trim()
        if (value) seen.push({ text: value, kind: name, where: whereOf(element) })
      }
    }
    for (const element of Array.from(
      document.querySelectorAll('.ql-toolbar .ql-picker-label, .ql-toolbar .ql-picker-item')
    )) {
      if (!shown(element) && !element.closest('.ql-expanded')) continue
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content
        const text = /^"(.*)"$/.exec(content)?.[1]?.trim()
        if (text) seen.push({ text, kind: 'css', where: whereOf(element) })
      }
    }
    return seen
  })
}

/** English words and labels antd, dayjs and Quill show when they read English. */
const ENGLISH_WORDS = [
  'Select date',
  'Select month',
  'Select year',
  'Select week',
  'Select time',
  'Select quarter',
  'Start date',
  'End date',
  'Start month',
  'End month',
  'Start year',
  'End year',
  'Start time',
  'End time',
  'Cancel',
  'OK',
  'Ok',
  'Search',
  'Reset',
  'Normal',
  'Sans Serif',
  'Serif',
  'Monospace',
  'Heading 1',
  'Heading 2',
  'Heading 3',
  'items/page',
  '/ page',
  'Go to',
  'Page',
  'No data',
  'No Data',
  'Loading',
  'Today',
  'Now',
  'Confirm',
  'Delete',
  'Edit',
  'Save',
  'Close',
  'Back',
  'Previous',
  'Next',
  'Previous Page',
  'Next Page',
  'Previous 5 Pages',
  'Next 5 Pages',
  'Previous Month',
  'Next Month',
  'Previous Year',
  'Next Year',
  'Filter',
  'Upload',
  'Download',
  'Export',
  'Import',
  'Submit',
  'Yes',
  'Expand',
  'Collapse',
  'Copy',
  'Copied',
  'Clear',
  'Refresh',
  'Select',
  'Select All',
  'Invert current page',
  'Click to sort',
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
]
/** Short words that are only antd's when they are a whole label (a calendar's weekday heads). */
const WHOLE_LABELS = new Set(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'])

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const ENGLISH = new RegExp(
  `(?<![A-Za-z])(?:${ENGLISH_WORDS.sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![A-Za-z])`
)
/** `dashboard.title`, `board.create`: a dotted key i18next gave back untranslated. */
const DOTTED_KEY = /(?<![\w@/.:-])[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z][a-z0-9_]*)+(?![\w@/-])/
/** `bad_response`, `wechat_channels`: an enumeration's or a key's raw name. */
const SNAKE_KEY = /(?<![\w@/.:-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w@/.-])/
/** `{{name}}` left in a message, or i18next's nesting. */
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|\$t\(/
/** Where a dotted word is a name: a host, a file. */
const NAME_ENDINGS =
  /\.(?:com|cn|net|org|io|tv|kr|jp|example|test|xlsx|xls|csv|pdf|png|jpe?g|svg|zip|txt)$/

/** Why a text is not in the reader's language, or null when it is. */
export function foreignReason(text: string): string | null {
  if (PLACEHOLDER.test(text)) return 'placeholder left in'
  const dotted = DOTTED_KEY.exec(text)
  if (dotted && !NAME_ENDINGS.test(dotted[0])) return `raw key '${dotted[0]}'`
  const snake = SNAKE_KEY.exec(text)
  if (snake) return `raw key '${snake[0]}'`
  if (WHOLE_LABELS.has(text)) return `English '${text}'`
  const english = ENGLISH.exec(text)
  if (english) return `English '${english[0]}'`
  return null
}
