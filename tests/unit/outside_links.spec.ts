import { test } from '@japa/runner'
import {
  channelUrl,
  isShortLink,
  parseChannelLink,
  parseVideoLink,
  videoUrl,
} from '#services/outside/links'

test.group('outside links: channel links and bare uids', () => {
  test('each platform’s channel link names its platform and uid', ({ assert }) => {
    const cases: Array<[string, string, string]> = [
      ['https://space.bilibili.com/546195?spm_id_from=333.337', 'bilibili', '546195'],
      ['https://m.bilibili.com/space/546195', 'bilibili', '546195'],
      [
        'https://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ',
        'youtube',
        'UCBR8-60-B28hp2BmDPdntcQ',
      ],
      ['https://www.youtube.com/@YouTube/videos', 'youtube', '@YouTube'],
      [
        'https://www.douyin.com/user/MS4wLjABAAAAfbWhm2kBkPIi9XeDDGWtBO7Ns939XRTRvwCaEwNcda0?vid=7206519665021996303',
        'douyin',
        'MS4wLjABAAAAfbWhm2kBkPIi9XeDDGWtBO7Ns939XRTRvwCaEwNcda0',
      ],
      ['https://www.kuaishou.com/profile/3x84qugg4ch9zhs', 'kwai', '3x84qugg4ch9zhs'],
      ['https://weibo.com/u/5529945701', 'weibo', '5529945701'],
      ['https://weibo.com/5529945701', 'weibo', '5529945701'],
      ['https://m.weibo.cn/profile/5529945701', 'weibo', '5529945701'],
      [
        'https://www.xiaohongshu.com/user/profile/5a0a2f7fe8ac2b7abfb21ead?xsec_token=AB',
        'xiaohongshu',
        '5a0a2f7fe8ac2b7abfb21ead',
      ],
      ['https://www.ixigua.com/home/3276166340', 'xigua', '3276166340'],
      ['https://haokan.baidu.com/author/1611822302188170', 'haokan', '1611822302188170'],
      ['https://v.qq.com/biu/videoplus?vuid=1234567890', 'tencent', '1234567890'],
      ['https://www.iqiyi.com/u/1234567890/videos', 'iqiyi', '1234567890'],
      ['https://www.163.com/dy/media/T1477023044735.html', 'netease', 'T1477023044735'],
    ]
    for (const [link, platform, uid] of cases) {
      const found = parseChannelLink(link)
      assert.deepInclude(found ?? {}, { platform, uid }, link)
      assert.isString(found?.url)
    }
  })

  test('a share text around the link and a link without its scheme are read', ({ assert }) => {
    assert.deepInclude(
      parseChannelLink('看看这个UP主 https://space.bilibili.com/2267573，很有意思') ?? {},
      { platform: 'bilibili', uid: '2267573' }
    )
    assert.deepInclude(parseChannelLink('space.bilibili.com/2267573') ?? {}, {
      platform: 'bilibili',
      uid: '2267573',
    })
  })

  test('a bare uid needs its platform unless its shape names one', ({ assert }) => {
    assert.isNull(parseChannelLink('546195'))
    assert.deepEqual(parseChannelLink('546195', 'bilibili'), {
      platform: 'bilibili',
      uid: '546195',
      url: 'https://space.bilibili.com/546195',
    })
    assert.equal(parseChannelLink('UCBR8-60-B28hp2BmDPdntcQ')?.platform, 'youtube')
    assert.equal(parseChannelLink('MS4wLjABAAAAOCNkaYVIwWH8z7H6EnpmDCbhVil')?.platform, 'douyin')
    // WeChat Channels has no public page: its finder id only, and no url.
    assert.deepEqual(parseChannelLink('sphAbCdEf12', 'wechat_channels'), {
      platform: 'wechat_channels',
      uid: 'sphAbCdEf12',
      url: null,
    })
    assert.isNull(parseChannelLink('not a uid', 'weibo'))
    assert.isNull(parseChannelLink('abc', 'weibo'))
  })

  test('a link of another platform than the one given, or of no channel, is not understood', ({
    assert,
  }) => {
    assert.isNull(parseChannelLink('https://space.bilibili.com/546195', 'youtube'))
    assert.isNull(parseChannelLink('https://www.bilibili.com/video/BV1bg4y137R6'))
    assert.isNull(parseChannelLink('https://example.com/user/123'))
    assert.isNull(parseChannelLink('javascript:alert(1)'))
    assert.isNull(parseChannelLink(''))
  })

  test('short links are told apart: they must be opened first', ({ assert }) => {
    assert.isTrue(isShortLink('复制打开抖音 https://v.douyin.com/6kAoWvc/ 看看'))
    assert.isTrue(isShortLink('https://b23.tv/abcd12'))
    assert.isNull(parseChannelLink('https://b23.tv/abcd12'))
    assert.isFalse(isShortLink('https://space.bilibili.com/546195'))
  })
})

test.group('outside links: video links', () => {
  test('each platform’s video link names its platform and video id', ({ assert }) => {
    const cases: Array<[string, string, string]> = [
      ['https://www.bilibili.com/video/BV1bg4y137R6/?spm_id_from=333', 'bilibili', 'BV1bg4y137R6'],
      ['https://www.bilibili.com/video/av170001', 'bilibili', 'av170001'],
      ['https://www.youtube.com/watch?v=MtOXxlUE2Zg&t=10s', 'youtube', 'MtOXxlUE2Zg'],
      ['https://youtu.be/MtOXxlUE2Zg?si=x', 'youtube', 'MtOXxlUE2Zg'],
      ['https://www.youtube.com/shorts/MtOXxlUE2Zg', 'youtube', 'MtOXxlUE2Zg'],
      ['https://www.douyin.com/video/6989098563519270181', 'douyin', '6989098563519270181'],
      [
        'https://www.kuaishou.com/short-video/3x3zxz4mjrsc8ke?authorId=3x84qugg4ch9zhs',
        'kwai',
        '3x3zxz4mjrsc8ke',
      ],
      ['https://m.weibo.cn/status/4387933362623405', 'weibo', '4387933362623405'],
      ['https://weibo.com/5529945701/HATy0b0sZ', 'weibo', 'HATy0b0sZ'],
      ['https://weibo.com/tv/show/1034:4797699866951785', 'weibo', '1034:4797699866951785'],
      [
        'https://www.xiaohongshu.com/explore/645b6a19000000001301485a',
        'xiaohongshu',
        '645b6a19000000001301485a',
      ],
      [
        'https://www.xiaohongshu.com/discovery/item/69847a7000000000220328a2?source=webshare',
        'xiaohongshu',
        '69847a7000000000220328a2',
      ],
      ['https://www.ixigua.com/7067048539209269791?logTag=1', 'xigua', '7067048539209269791'],
      [
        'https://haokan.baidu.com/v?vid=5937467926412394925&pd=bjh',
        'haokan',
        '5937467926412394925',
      ],
      ['https://v.qq.com/x/cover/nhtfh14i9y1egge/d00249ld45q.html', 'tencent', 'd00249ld45q'],
      ['https://v.qq.com/x/page/d00249ld45q.html', 'tencent', 'd00249ld45q'],
      ['https://www.iqiyi.com/v_19rrojlavg.html', 'iqiyi', '19rrojlavg'],
      ['https://www.163.com/v/video/VJ7U8JJ6D.html', 'netease', 'VJ7U8JJ6D'],
      ['https://www.163.com/dy/article/JST65UOV000181BR.html', 'netease', 'JST65UOV000181BR'],
    ]
    for (const [link, platform, videoId] of cases) {
      const found = parseVideoLink(link)
      assert.deepInclude(found ?? {}, { platform, videoId }, link)
    }
  })

  test('a bare id needs its platform unless it is a Bilibili BV or av id', ({ assert }) => {
    assert.equal(parseVideoLink('BV1bg4y137R6')?.platform, 'bilibili')
    assert.isNull(parseVideoLink('MtOXxlUE2Zg'))
    assert.equal(
      parseVideoLink('MtOXxlUE2Zg', 'youtube')?.url,
      'https://www.youtube.com/watch?v=MtOXxlUE2Zg'
    )
    assert.isNull(parseVideoLink('MtOX', 'youtube'))
  })

  test('channel pages, series pages and other sites are not videos', ({ assert }) => {
    assert.isNull(parseVideoLink('https://space.bilibili.com/546195'))
    assert.isNull(parseVideoLink('https://v.qq.com/x/cover/nhtfh14i9y1egge.html'))
    assert.isNull(parseVideoLink('https://www.youtube.com/watch?v=short'))
    assert.isNull(parseVideoLink('https://vimeo.com/123456'))
    assert.isNull(parseVideoLink('https://www.douyin.com/video/6989098563519270181', 'kwai'))
  })
})

test.group('outside links: pages built back from ids', () => {
  test('a parsed id reads back as its page, which parses to the same id', ({ assert }) => {
    assert.equal(channelUrl('youtube', '@YouTube'), 'https://www.youtube.com/@YouTube')
    assert.isNull(channelUrl('wechat_channels', 'sphAbCdEf12'))
    assert.isNull(videoUrl('wechat_channels', 'export/abcdefghijkl'))
    const uid = parseChannelLink(channelUrl('netease', 'T1477023044735')!)
    assert.equal(uid?.uid, 'T1477023044735')
    const video = parseVideoLink(videoUrl('weibo', '1034:4797699866951785')!)
    assert.equal(video?.videoId, '1034:4797699866951785')
  })
})
