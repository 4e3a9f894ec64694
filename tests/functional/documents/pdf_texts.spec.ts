import { test } from '@japa/runner'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { documentSpec, documentTitle } from '#services/documents/document_content'
import { renderPdf } from '#services/documents/pdf_renderer'
import { renderStatementPdf, type StatementPdfInput } from '#services/documents/statement_pdf'
import { documentTemplate } from '#services/documents/templates'
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES, INFO_TABS } from '#shared/documents'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { HAS_PDFTOTEXT, NO_PDFTOTEXT, pdfText } from '#tests/helpers/pdf'

/** A creator whose names are in Hangul, Kana and Hanzi, with private data and two accounts. */
async function creator() {
  const made = await CreatorFactory.merge({
    brandNo: 'MCN-0042',
    contractorName: '김민지',
    channelName: 'みんなのキッチン',
    channelNameZh: '敏智美食',
    category: 'food',
    adIncomeRatio: 70,
    otherIncomeRatio: 50,
  })
    .tap(
      withPrivate({
        phone: '01012345678',
        email: 'minji@example.com',
        address: '서울시 마포구',
        birth_date: '1995-04-01',
        passport_name: 'KIM MINJI',
        passport_no: 'M12345678',
        bank_name: '국민은행',
        bank_account: '110-222-333',
        tax_payer_name: '김민지',
      })
    )
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', uid: '3456789' }))
    .with('accounts', 1, (account) => account.merge({ platform: 'xigua', uid: '998877' }))
    .create()
  await made.load('accounts')
  return made
}

/** Statement headings per language, as a reader sees them. */
const STATEMENT_TITLES = {
  ko: '수익 정산서 — 2026년 10월',
  zh: '收益结算单 — 2026年10月',
  en: 'Revenue Statement — October 2026',
  ja: '収益明細書 — 2026年10月',
}

const STATEMENT: StatementPdfInput = {
  creatorName: '김민지',
  channelName: 'みんなのキッチン',
  month: '2026-10',
  reference: 'ST-2026-10-0042',
  issuedOn: '2026-11-05',
  figures: {
    month_fans: '152,300',
    monthly_increase: '4,210',
    views: '2,345,678',
    video_count: '12',
    carry_over: '₩8,400',
    monthly_revenue: 'CNY 10,000.00',
    settleable_total: 'CNY 10,000.00',
    platform_total: 'CNY 10,000.00',
    china_tax: 'CNY 1,037.74',
    after_tax: 'CNY 8,962.26',
    split_ratio: '70%',
    creator_total: 'CNY 6,273.58',
    exchange_rate: '190.12',
    settled_krw: '₩1,153,411',
  },
  rates: [
    { name: 'VAT', rate: '6% ÷ 1.06' },
    { name: 'Withholding', rate: '10%' },
  ],
  exchange: { rate: '190.12', currency: 'CNY', date: '2026-10-31', source: 'KEB Hana' },
  roundingNotes: ['Rounded down to the won after the 3.3% withholding.'],
}

test.group('document PDFs', (group) => {
  setupFunctionalGroup(group)

  for (const lang of DOCUMENT_LANGUAGES) {
    test(`every document kind in ${lang} prints its title, names in three scripts and every tab`, async ({
      assert,
    }) => {
      const subject = await creator()
      const words = documentTemplate(lang).common
      for (const kind of DOCUMENT_KINDS) {
        const number = `XX-2026-${String(DOCUMENT_KINDS.indexOf(kind) + 1).padStart(4, '0')}`
        const pdf = await renderPdf(
          documentSpec({
            kind,
            lang,
            number,
            issuedOn: '2026-11-27',
            month: kind === 'monthly_letter' ? '2026-10' : null,
            creator: subject,
            accounts: subject.accounts,
            tabs: [...INFO_TABS],
          })
        )
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', kind)
        assert.isBelow(pdf.length, 400_000, `${kind} ${lang}: ${pdf.length} bytes`)
        const text = pdfText(pdf)
        const title = documentTitle(kind, lang, kind === 'monthly_letter' ? '2026-10' : null)
        for (const expected of [
          title,
          number,
          '김민지',
          'みんなのキッチン',
          '敏智美食',
          'MCN-0042',
          '3456789',
          '998877',
          '01012345678',
          'M12345678',
          '110-222-333',
          '70%',
          words.company,
          words.categories.food,
          ...Object.values(words.tabs),
        ]) {
          assert.include(text, expected, `${kind} ${lang}: ${expected}`)
        }
      }
    }).skip(!HAS_PDFTOTEXT, NO_PDFTOTEXT)
  }

  test('the titles are the languages own words', ({ assert }) => {
    assert.equal(documentTitle('bilidoc', 'ko', null), '빌리빌리 채널 확인서')
    assert.equal(documentTitle('bilidoc', 'zh', null), '哔哩哔哩频道确认函')
    assert.equal(documentTitle('bilidoc', 'ja', null), 'ビリビリ チャンネル確認書')
    assert.equal(documentTitle('bilidoc', 'en', null), 'Bilibili Channel Confirmation')
    assert.equal(documentTitle('monthly_letter', 'en', '2026-10'), 'Monthly Letter — October 2026')
  })

  for (const lang of DOCUMENT_LANGUAGES) {
    test(`the revenue statement in ${lang} prints every figure, rate and rounding note`, async ({
      assert,
    }) => {
      const pdf = await renderStatementPdf(STATEMENT, lang)
      assert.isBelow(pdf.length, 400_000)
      const text = pdfText(pdf)
      const words = documentTemplate(lang).statement
      for (const expected of [
        STATEMENT_TITLES[lang],
        'ST-2026-10-0042',
        '김민지',
        'みんなのキッチン',
        ...Object.values(STATEMENT.figures),
        ...Object.values(words.fields),
        ...Object.values(words.sections),
        '6% ÷ 1.06',
        'KEB Hana',
        STATEMENT.roundingNotes[0],
      ]) {
        assert.include(text, expected, `${lang}: ${expected}`)
      }
    }).skip(!HAS_PDFTOTEXT, NO_PDFTOTEXT)
  }
})
