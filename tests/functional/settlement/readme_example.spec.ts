import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { readmeMonth, runMonth, statementOf } from '#tests/helpers/settlement'

const LINE_FIELDS = ['gross', 'vat', 'surcharge', 'withholding', 'china_tax', 'after_tax', 'rate']

/** The README's worked example: `field` → [creator A, creator B], commas dropped. */
async function readmeExample() {
  const readme = await readFile(app.makePath('README.md'), 'utf8')
  const block = /<!-- settlement-example:start -->([\s\S]*?)<!-- settlement-example:end -->/.exec(
    readme
  )
  if (!block) throw new Error('README.md has no settlement example')
  const figures = new Map<string, [string, string]>()
  for (const line of block[1].split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const field = /^`(\w+)`$/.exec(cells[2] ?? '')
    if (field) figures.set(field[1], [cells[3].replaceAll(',', ''), cells[4].replaceAll(',', '')])
  }
  return figures
}

test.group('settlement / the README example', (group) => {
  setupFunctionalGroup(group)

  test('the worked example in the README is what the settlement computes, to the won', async ({
    client,
    assert,
  }) => {
    const figures = await readmeExample()
    assert.isAtLeast(figures.size, 16)

    const finance = await UserFactory.apply('finance').create()
    const { a, b } = await readmeMonth(client, finance)
    await runMonth(client, finance)

    for (const [index, creator] of [a, b].entries()) {
      const statement = await statementOf(client, finance, creator.id)
      assert.lengthOf(statement.lines, 1)
      for (const [field, values] of figures) {
        const actual = LINE_FIELDS.includes(field) ? statement.lines[0][field] : statement[field]
        assert.equal(actual, values[index], `${field} of creator ${index ? 'B' : 'A'}`)
      }
    }
  })
})
