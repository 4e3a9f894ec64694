import type Creator from '#models/creator'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import { PRIVATE_LEVELS, type Locale } from '#shared/constants'
import { PRIVATE_TAB_LEVELS, type DocumentKind, type InfoTab } from '#shared/documents'
import { isoDate } from '#support/dates'
import type { PdfBlock, PdfSpec } from './pdf_renderer.js'
import {
  documentTemplate,
  fill,
  formatDay,
  formatMonth,
  type DocumentTemplate,
} from './templates.js'

/** What one issued document prints, gathered at issue time. */
interface DocumentContent {
  kind: DocumentKind
  lang: Locale
  number: string
  /** The calendar day of issue (ISO). */
  issuedOn: string
  /** The month a monthly letter is about (`2026-10`). */
  month: string | null
  creator: Creator
  accounts: CreatorPlatformAccount[]
  tabs: InfoTab[]
}

type Row = [label: string, value: string]

function tabRows(tab: InfoTab, content: DocumentContent, words: DocumentTemplate['common']) {
  const { creator } = content
  const label = (field: string) => words.fields[field] ?? field
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? words.none : String(value)
  const flag = (value: boolean) => (value ? words.yes : words.no)
  const percent = (value: number | null) => (value === null ? words.none : `${value}%`)
  const rows: Row[] = []
  if (tab === 'channel') {
    rows.push(
      [label('brand_no'), text(creator.brandNo)],
      [label('channel_name'), text(creator.channelName)],
      [label('channel_name_zh'), text(creator.channelNameZh)],
      [label('youtube_channel_name'), text(creator.youtubeChannelName)],
      [label('youtube_url'), text(creator.youtubeUrl)],
      [label('category'), words.categories[creator.category] ?? text(creator.category)]
    )
  } else if (tab === 'contract') {
    const platforms = (creator.contractedPlatforms ?? []).map((key) => words.platforms[key] ?? key)
    rows.push(
      [label('contract_no'), text(creator.contractNo)],
      [label('contractor_name'), text(creator.contractorName)],
      [label('contract_date'), text(isoDate(creator.contractDate))],
      [label('end_date'), text(isoDate(creator.endDate))],
      [label('contract_status'), words.contract_statuses[creator.contractStatus]],
      [label('has_authorization_doc'), flag(creator.hasAuthorizationDoc)],
      [label('ip_business_exclusive'), flag(creator.ipBusinessExclusive)],
      [label('video_exclusive_china'), flag(creator.videoExclusiveChina)],
      [label('contracted_platforms'), platforms.length ? platforms.join(', ') : words.none],
      [label('min_monthly_videos'), text(creator.minMonthlyVideos)]
    )
  } else if (tab === 'settlement') {
    rows.push(
      [label('ad_income_ratio'), percent(creator.adIncomeRatio)],
      [label('other_income_ratio'), percent(creator.otherIncomeRatio)]
    )
  } else if (tab === 'platform_account') {
    for (const account of content.accounts) {
      const name = words.platforms[account.platform] ?? account.platform
      const value = [account.uid, account.channelName, account.channelUrl].filter(Boolean)
      rows.push([fill(label('account'), { platform: name }), value.join(' · ') || words.none])
    }
    if (!rows.length) rows.push([words.tabs.platform_account, words.none])
  } else {
    for (const field of PRIVATE_LEVELS[PRIVATE_TAB_LEVELS[tab]]) {
      rows.push([label(field), text(creator.getPrivate(field))])
    }
  }
  return rows
}

/** The title of a document as its language writes it. */
export function documentTitle(kind: DocumentKind, lang: Locale, month: string | null) {
  const template = documentTemplate(lang)
  return fill(template.kinds[kind].title, { month: month ? formatMonth(month, lang) : '' })
}

/**
 * The PDF of an issued document: its kind's wording from
 * resources/documents/<lang>.json with the creator's names filled in, then
 * one table per info tab, the agency's signature and the number on every page.
 */
export function documentSpec(content: DocumentContent): PdfSpec {
  const template = documentTemplate(content.lang)
  const words = template.common
  const date = formatDay(content.issuedOn, content.lang)
  const values = {
    company: words.company,
    channel_name: content.creator.channelName,
    contractor_name: content.creator.contractorName,
    number: content.number,
    date,
    month: content.month ? formatMonth(content.month, content.lang) : '',
  }
  const blocks: PdfBlock[] = template.kinds[content.kind].body.map((text) => ({
    type: 'paragraph',
    text: fill(text, values),
  }))
  for (const tab of content.tabs) {
    blocks.push({ type: 'heading', text: words.tabs[tab] })
    blocks.push({ type: 'rows', rows: tabRows(tab, content, words) })
  }
  blocks.push({ type: 'signature', lines: words.signature.map((line) => fill(line, values)) })
  return {
    lang: content.lang,
    title: documentTitle(content.kind, content.lang, content.month),
    subtitle: [fill(words.number, values), fill(words.issued_on, values)],
    blocks,
    footer: fill(words.footer, values),
    author: words.company,
  }
}
