import { test } from '@japa/runner'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'
import { normaliseCellText, readCell } from '#support/workbook_cells'
import { TitleMatcher, applyMerges, decodeRange, findHeader } from '#support/workbook_header'

const matcher = new TitleMatcher(IMPORT_COLUMNS)

test.group('workbook imports: cells', () => {
  test('identifiers are text only; full-width forms and odd spaces are normalised', ({
    assert,
  }) => {
    assert.deepEqual(readCell(1012345678, 'identifier'), { text: '1012345678', notText: true })
    assert.isTrue(readCell(new Date(Date.UTC(2024, 0, 1)), 'identifier').notText)
    assert.isTrue(readCell({ formula: 'A1', result: 42 }, 'identifier').notText)
    assert.deepEqual(readCell('０１０１２３４５６７８', 'identifier'), { text: '01012345678' })
    assert.deepEqual(readCell('３３２７０\u200b４１１７\u3000', 'identifier'), {
      text: '332704117',
    })
    assert.deepEqual(readCell(152000, 'value'), { text: '152000' })
    assert.deepEqual(readCell('\u3000ｋｒ ', 'value'), { text: 'kr' })
    // prose keeps its characters: only spaces are folded and trimmed
    assert.equal(normaliseCellText('\u3000㈜지수\u3000스튜디오 ', 'prose'), '㈜지수 스튜디오')
    assert.isNull(normaliseCellText('\u3000 \u00a0', 'value'))
    assert.deepEqual(readCell({ richText: [{ text: '김' }, { text: '지수' }] }, 'prose'), {
      text: '김지수',
    })
  })
})

test.group('workbook imports: titles', () => {
  test('no two columns of the creators template share a loose title form', ({ assert }) => {
    for (const column of IMPORT_COLUMNS) {
      assert.equal(matcher.match(column.title)?.key, column.key, column.title)
      assert.equal(matcher.match(column.key)?.key, column.key, column.key)
      for (const alias of column.aliases ?? []) {
        assert.deepEqual(matcher.match(alias), { key: column.key, exact: false }, alias)
      }
    }
  })

  test('exact, loose and alias titles; near misses suggest, uids are never guessed', ({
    assert,
  }) => {
    assert.deepEqual(matcher.match('Contractor Name *'), { key: 'contractor_name', exact: true })
    assert.deepEqual(matcher.match('ＣＯＮＴＲＡＣＴ　ＮＯ'), { key: 'contract_no', exact: false })
    assert.deepEqual(matcher.match('手机号'), { key: 'phone', exact: false })
    assert.isNull(matcher.match('Bilibili ID'))
    assert.equal(matcher.suggest('Bilibili ID'), 'bilibili_uid')
    assert.equal(matcher.suggest('Douyin Fans Count'), 'douyin_fans')
    assert.isNull(matcher.suggest('Favourite Food'))
  })

  test('the title row is the one naming the most columns; the group row above is ignored', ({
    assert,
  }) => {
    const header = findHeader(
      [
        { number: 1, values: [null, 'Contractor', 'Contractor', 'Platforms', 'Platforms'] },
        { number: 2, values: [null, 'Contractor Name', 'Channel Name', 'Bilibili UID', 'Phone'] },
        { number: 3, values: [null, 'contractor_name', 'channel_name', 'bilibili_uid', 'phone'] },
        { number: 4, values: [null, '김지수', 'Jisoo', '332704117', '010'] },
      ],
      matcher
    )!
    assert.deepEqual([header.row, header.lastRow], [2, 3])
    assert.deepEqual(
      [...header.columns],
      [
        [1, 'contractor_name'],
        [2, 'channel_name'],
        [3, 'bilibili_uid'],
        [4, 'phone'],
      ]
    )
    assert.deepEqual(header.warnings, [])
    assert.isNull(findHeader([{ number: 1, values: [null, 'Name', 'Notes'] }], matcher))
  })

  test('a title merged over two rows is read through its master cell', ({ assert }) => {
    const rows = applyMerges(
      [
        { number: 1, values: [null, 'Contractor', null, 'Bilibili UID'] },
        { number: 2, values: [null, 'Contractor Name', 'Channel Name'] },
      ],
      ['A1:B1', 'C1:C2'].map((ref) => decodeRange(ref)!)
    )
    const header = findHeader(rows, matcher)!
    assert.equal(header.row, 2)
    assert.deepEqual(
      [...header.columns.values()],
      ['contractor_name', 'channel_name', 'bilibili_uid']
    )
  })
})
