import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import IpAllowlistService from '#services/auth/ip_allowlist_service'
import { IpAllowlistEntryFactory } from '#database/factories/ip_allowlist_entry_factory'
import { allowOnly } from '#tests/helpers/functional'

test.group('IpAllowlistService.normalise', () => {
  const cases: [string, string][] = [
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['10.1.2.3', '10.1.2.3/32'],
    ['  192.168.0.1  ', '192.168.0.1/32'],
    ['192.168.1.130/25', '192.168.1.128/25'],
    ['172.16.5.4/12', '172.16.0.0/12'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['10.1.2.3/32', '10.1.2.3/32'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['2001:DB8:ABCD:0012::0/40', '2001:db8:ab00::/40'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['::1', '::1/128'],
    ['::ffff:127.0.0.1', '127.0.0.1/32'],
    ['::ffff:10.1.2.3/104', '10.0.0.0/8'],
    ['::ffff:10.1.2.3/128', '10.1.2.3/32'],
  ]
  for (const [input, expected] of cases) {
    test(`"${input}" becomes ${expected}`, ({ assert }) => {
      assert.equal(IpAllowlistService.normalise(input), expected)
    })
  }

  const invalid = [
    '',
    '   ',
    'abc',
    'localhost',
    '300.1.1.1',
    '1.2.3.4.5',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/abc',
    '10.0.0.0/8/8',
    '10.0.0.0/',
    '2001:db8::/129',
    '2001:db8:::1',
    '::ffff:1.2.3.4/64',
    '10.0.0.1 10.0.0.2',
  ]
  for (const input of invalid) {
    test(`"${input}" is refused`, ({ assert }) => {
      assert.isNull(IpAllowlistService.normalise(input))
    })
  }

  // ipaddr.js reads these inet_aton forms as another address than the one typed
  for (const [input, wouldBe] of [
    ['192.168.1', '192.168.0.1'],
    ['127.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['010.1.2.3/8', '8.0.0.0/8'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['::ffff:0x7f.0.0.1', '127.0.0.1'],
  ]) {
    test(`the shorthand "${input}" is refused rather than read as ${wouldBe}`, ({ assert }) => {
      assert.isNull(IpAllowlistService.normalise(input))
    })
  }
})

test.group('IpAllowlistService.isAllowed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await allowOnly('10.0.0.0/8', '127.0.0.1/32', '2001:db8::/32')
    return () => IpAllowlistService.clearCache()
  })

  const cases: [string, boolean][] = [
    ['10.1.2.3', true],
    ['10.255.255.255', true],
    ['11.0.0.1', false],
    ['9.255.255.255', false],
    ['127.0.0.1', true],
    ['127.0.0.2', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.9.9.9', true],
    ['::ffff:192.168.0.1', false],
    ['2001:db8::5', true],
    ['2001:db8:ffff::1', true],
    ['2001:db9::1', false],
    ['::1', false],
    ['::a00:1', false],
  ]
  for (const [ip, allowed] of cases) {
    test(`${ip} is ${allowed ? 'allowed' : 'refused'}`, async ({ assert }) => {
      assert.equal(await IpAllowlistService.isAllowed(ip), allowed)
    })
  }

  for (const ip of ['', 'garbage', '999.1.1.1', '10.0.0.0/8', 'undefined']) {
    test(`the bad input "${ip}" is refused`, async ({ assert }) => {
      assert.isFalse(await IpAllowlistService.isAllowed(ip))
    })
  }

  test('an empty list refuses everybody', async ({ assert }) => {
    await allowOnly()
    assert.isFalse(await IpAllowlistService.isAllowed('127.0.0.1'))
    assert.isFalse(await IpAllowlistService.isAllowed('::1'))
  })

  test('add and remove take effect at once; other writes after the cache expires', async ({
    assert,
  }) => {
    assert.isFalse(await IpAllowlistService.isAllowed('192.0.2.10'))

    const entry = await IpAllowlistService.add('192.0.2.0/24', 'test', null)
    assert.equal(entry.cidr, '192.0.2.0/24')
    assert.isTrue(await IpAllowlistService.isAllowed('192.0.2.10'))

    await IpAllowlistService.remove(entry)
    assert.isFalse(await IpAllowlistService.isAllowed('192.0.2.10'))

    // a row written behind the service's back (another instance) is seen once the cache is gone
    await IpAllowlistEntryFactory.merge({ cidr: '198.51.100.0/24' }).create()
    assert.isFalse(await IpAllowlistService.isAllowed('198.51.100.1'))
    IpAllowlistService.clearCache()
    assert.isTrue(await IpAllowlistService.isAllowed('198.51.100.1'))
  })

  test('add is idempotent and refuses what normalise refuses', async ({ assert }) => {
    const first = await IpAllowlistService.add('10.9.9.9/8', null, null)
    const existing = await IpAllowlistEntry.findByOrFail('cidr', '10.0.0.0/8')
    assert.equal(first.id, existing.id)
    await assert.rejects(() => IpAllowlistService.add('nonsense', null, null), /Invalid CIDR/)
  })

  test('a malformed row cannot match anything and does not break the check', async ({ assert }) => {
    await IpAllowlistEntryFactory.merge({ cidr: 'not-a-range' }).create()
    IpAllowlistService.clearCache()
    assert.isTrue(await IpAllowlistService.isAllowed('10.1.2.3'))
    assert.isFalse(await IpAllowlistService.isAllowed('8.8.8.8'))
  })
})
