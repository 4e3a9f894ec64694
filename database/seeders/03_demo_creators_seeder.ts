import { BaseSeeder } from '@adonisjs/lucid/seeders'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import env from '#start/env'
import studioConfig from '#config/studio'
import Creator from '#models/creator'
import { encryptPrivate } from '#support/private_data'
import DemoSeeder, { DEMO_USERS } from '#database/seeders/02_demo_seeder'
import {
  AD_FORMATS,
  COOKIE_AFTER_TOKEN_DAYS,
  COOKIE_RECHECK_DAYS,
  TOKEN_RENEWAL_DAYS,
  type CreatorCategory,
  type CreatorKind,
  type PlatformKey,
  type PrivateField,
  type TeamKey,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The demo agency's creators
|--------------------------------------------------------------------------
|
| ~200 creators with Korean and Chinese names, their platform accounts
| (tokens and cookies mostly healthy; a dozen creators with an expired token
| or a cookie due for its recheck, so the failed filter finds them), ad
| prices, fans and non-fans audience portraits and memos by the demo staff.
| Deterministic: one seeded random sequence; dates are offsets from today so
| that "expiring" stays true. Runs once (while the creators table is empty),
| in one transaction, with multi-row inserts.
|
*/

export const DEMO_CREATOR_COUNT = 200
export const DEMO_SECURITY_CODE_DEFAULT = '246810'
export const DEMO_TERMINATION_CODE_DEFAULT = '13572468'

/** A small, fast, seeded PRNG (mulberry32): the same sequence on every install. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const digits = (count: number) => Array.from({ length: count }, () => int(0, 9)).join('')
  const chars = (count: number, alphabet: string) =>
    Array.from({ length: count }, () => alphabet[int(0, alphabet.length - 1)]).join('')
  return { next, int, pick, digits, chars }
}
type Random = ReturnType<typeof random>

/* ------------------------------------------------------------------ */
/* Names                                                                */
/* ------------------------------------------------------------------ */

const KO_SURNAMES: [string, string][] = [
  ['김', 'KIM'],
  ['이', 'LEE'],
  ['박', 'PARK'],
  ['최', 'CHOI'],
  ['정', 'JUNG'],
  ['강', 'KANG'],
  ['조', 'CHO'],
  ['윤', 'YOON'],
  ['장', 'JANG'],
  ['임', 'LIM'],
  ['한', 'HAN'],
  ['오', 'OH'],
  ['서', 'SEO'],
  ['신', 'SHIN'],
  ['권', 'KWON'],
  ['황', 'HWANG'],
  ['안', 'AHN'],
  ['송', 'SONG'],
  ['류', 'RYU'],
  ['홍', 'HONG'],
  ['문', 'MOON'],
  ['배', 'BAE'],
]

const KO_GIVEN: [string, string][] = [
  ['민준', 'Minjun'],
  ['서준', 'Seojun'],
  ['도윤', 'Doyun'],
  ['예준', 'Yejun'],
  ['시우', 'Siwoo'],
  ['하준', 'Hajun'],
  ['지호', 'Jiho'],
  ['주원', 'Juwon'],
  ['지후', 'Jihoo'],
  ['준우', 'Junwoo'],
  ['건우', 'Geonwoo'],
  ['현우', 'Hyunwoo'],
  ['우진', 'Woojin'],
  ['선우', 'Sunwoo'],
  ['서연', 'Seoyeon'],
  ['서윤', 'Seoyun'],
  ['지우', 'Jiwoo'],
  ['서현', 'Seohyun'],
  ['하은', 'Haeun'],
  ['하윤', 'Hayun'],
  ['민서', 'Minseo'],
  ['지유', 'Jiyu'],
  ['윤서', 'Yunseo'],
  ['채원', 'Chaewon'],
  ['수아', 'Sua'],
  ['지민', 'Jimin'],
  ['다은', 'Daeun'],
  ['은서', 'Eunseo'],
  ['예은', 'Yeeun'],
  ['수빈', 'Subin'],
  ['태현', 'Taehyun'],
  ['성민', 'Sungmin'],
  ['동현', 'Donghyun'],
  ['혜진', 'Hyejin'],
  ['나연', 'Nayeon'],
  ['유진', 'Yujin'],
  ['소윤', 'Soyun'],
  ['재원', 'Jaewon'],
]

const ZH_SURNAMES: [string, string][] = [
  ['王', 'WANG'],
  ['李', 'LI'],
  ['张', 'ZHANG'],
  ['刘', 'LIU'],
  ['陈', 'CHEN'],
  ['杨', 'YANG'],
  ['黄', 'HUANG'],
  ['赵', 'ZHAO'],
  ['周', 'ZHOU'],
  ['吴', 'WU'],
  ['徐', 'XU'],
  ['孙', 'SUN'],
  ['马', 'MA'],
  ['朱', 'ZHU'],
  ['胡', 'HU'],
  ['郭', 'GUO'],
  ['何', 'HE'],
  ['林', 'LIN'],
  ['罗', 'LUO'],
  ['高', 'GAO'],
  ['梁', 'LIANG'],
  ['宋', 'SONG'],
  ['郑', 'ZHENG'],
  ['谢', 'XIE'],
  ['唐', 'TANG'],
]

const ZH_GIVEN: [string, string][] = [
  ['伟', 'Wei'],
  ['芳', 'Fang'],
  ['娜', 'Na'],
  ['敏', 'Min'],
  ['静', 'Jing'],
  ['磊', 'Lei'],
  ['洋', 'Yang'],
  ['杰', 'Jie'],
  ['涛', 'Tao'],
  ['明', 'Ming'],
  ['超', 'Chao'],
  ['秀英', 'Xiuying'],
  ['子涵', 'Zihan'],
  ['欣怡', 'Xinyi'],
  ['梓轩', 'Zixuan'],
  ['雨桐', 'Yutong'],
  ['浩然', 'Haoran'],
  ['思远', 'Siyuan'],
  ['一诺', 'Yinuo'],
  ['若曦', 'Ruoxi'],
  ['嘉怡', 'Jiayi'],
  ['宇航', 'Yuhang'],
  ['佳琪', 'Jiaqi'],
  ['晓明', 'Xiaoming'],
  ['文博', 'Wenbo'],
  ['梦瑶', 'Mengyao'],
  ['诗涵', 'Shihan'],
  ['俊杰', 'Junjie'],
]

/** Per category: Korean word, English word, Chinese word. */
const CATEGORY_WORDS: Record<CreatorCategory, [string, string, string]> = {
  beauty: ['뷰티', 'Beauty', '美妆'],
  fashion: ['룩북', 'Style', '穿搭'],
  food: ['먹방', 'Eats', '美食'],
  travel: ['여행', 'Trip', '旅行'],
  vlog: ['일상', 'Daily', '日常'],
  game: ['게임', 'Play', '游戏'],
  music: ['노래', 'Music', '音乐'],
  dance: ['댄스', 'Dance', '舞蹈'],
  education: ['공부', 'Class', '学堂'],
  tech: ['리뷰', 'Tech', '科技'],
  pets: ['댕냥', 'Pets', '萌宠'],
  comedy: ['웃음', 'Comedy', '搞笑'],
  sports: ['운동', 'Fit', '运动'],
  kids: ['키즈', 'Kids', '亲子'],
  culture: ['문화', 'Culture', '文化'],
  other: ['채널', 'TV', '频道'],
}

const CATEGORY_WEIGHTS: [CreatorCategory, number][] = [
  ['food', 14],
  ['beauty', 12],
  ['vlog', 12],
  ['fashion', 8],
  ['travel', 8],
  ['game', 9],
  ['music', 6],
  ['dance', 5],
  ['education', 4],
  ['tech', 5],
  ['pets', 5],
  ['comedy', 4],
  ['sports', 3],
  ['kids', 2],
  ['culture', 2],
  ['other', 1],
]

const IP_BRANDS: [string, string, string][] = [
  ['뽀짝 프렌즈', 'Ppojjak Friends', '波扎朋友'],
  ['모찌곰', 'Mochi Bear', '麻薯熊'],
  ['꼬마공룡 디노', 'Little Dino', '小恐龙迪诺'],
  ['냥냥 상점', 'Nyang Shop', '喵喵小店'],
  ['별빛 토끼', 'Starlight Bunny', '星光兔'],
  ['구름빵 가족', 'Cloud Bread Family', '云朵面包一家'],
  ['하루 한 컷', 'One Cut A Day', '一日一画'],
  ['펭이네', 'Peng Family', '企鹅一家'],
  ['두부 고양이', 'Tofu Cat', '豆腐猫'],
  ['말랑 젤리즈', 'Jellies', '软糖家族'],
  ['판다 빵집', 'Panda Bakery', '熊猫面包房'],
  ['오늘의 공룡', 'Dino Today', '今日恐龙'],
]

const CH_CHANNELS: [string, string, string][] = [
  ['오늘의 레시피', 'Recipe Today', '今日食谱'],
  ['K-드라마 클립', 'K-Drama Clips', '韩剧片段'],
  ['서울 산책', 'Seoul Walk', '首尔漫步'],
  ['한국어 한 스푼', 'Korean Spoon', '一勺韩语'],
  ['K-POP 댄스 커버', 'K-POP Dance Cover', '韩流舞蹈翻跳'],
  ['편의점 탐방', 'Convenience Store Tour', '便利店探店'],
  ['한식 기행', 'Hansik Journey', '韩食之旅'],
  ['게임 하이라이트', 'Game Highlights', '游戏高光'],
  ['제주 라이프', 'Jeju Life', '济州生活'],
  ['뷰티 랩', 'Beauty Lab', '美妆实验室'],
  ['캠핑 다이어리', 'Camping Diary', '露营日记'],
  ['리빙 하우스', 'Living House', '家居生活'],
]

const KO_COMPANIES = [
  '(주)스튜디오 하루',
  '(주)별빛미디어',
  '(주)블루웨일 엔터테인먼트',
  '(주)모먼트랩',
  '(주)오렌지캣',
  '(주)한빛콘텐츠',
]
const ZH_COMPANIES = [
  '星海传媒有限公司',
  '橙子文化传播',
  '上海云图文化',
  '杭州小鹿网络科技',
  '北京光年影视',
]

const KO_BANKS = [
  'KB국민은행',
  '신한은행',
  '우리은행',
  '하나은행',
  '카카오뱅크',
  'NH농협은행',
  'IBK기업은행',
]
const ZH_BANKS = [
  '中国工商银行',
  '中国建设银行',
  '招商银行',
  '中国银行',
  '中国农业银行',
  '交通银行',
]
const KO_CITIES = [
  '서울특별시 강남구 테헤란로',
  '서울특별시 마포구 월드컵북로',
  '서울특별시 성동구 왕십리로',
  '경기도 성남시 분당구 판교역로',
  '부산광역시 해운대구 센텀중앙로',
  '인천광역시 연수구 컨벤시아대로',
]
const ZH_CITIES = [
  '上海市浦东新区世纪大道',
  '北京市朝阳区建国路',
  '广州市天河区天河路',
  '杭州市西湖区文三路',
  '成都市武侯区人民南路',
  '深圳市南山区科技园路',
]

/* ------------------------------------------------------------------ */
/* Platforms                                                            */
/* ------------------------------------------------------------------ */

const PLATFORM_WEIGHTS: [PlatformKey, number][] = [
  ['bilibili', 22],
  ['douyin', 20],
  ['xigua', 14],
  ['weibo', 14],
  ['youtube', 14],
  ['haokan', 9],
  ['kwai', 6],
  ['xiaohongshu', 6],
  ['tencent', 3],
  ['iqiyi', 2],
  ['wechat_channels', 3],
  ['netease', 1],
]

const renewalOf = (platform: PlatformKey) =>
  (TOKEN_RENEWAL_DAYS as Partial<Record<PlatformKey, number>>)[platform] ?? null

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const HEX = '0123456789abcdef'

/** A uid shaped like the platform's own; `serial` keeps it unique. */
function uidOf(platform: PlatformKey, serial: number, rng: Random) {
  const tail = String(serial).padStart(4, '0')
  switch (platform) {
    case 'bilibili':
      return `${rng.int(3, 6)}${rng.digits(8)}${tail}`
    case 'douyin':
      return `MS4wLjABAAAA${rng.chars(18, ALNUM)}${tail}`
    case 'xigua':
      return `${rng.int(1, 9)}${rng.digits(9)}${tail}`
    case 'weibo':
      return `${rng.int(5, 7)}${rng.digits(5)}${tail}`
    case 'youtube':
      return `UC${rng.chars(18, ALNUM)}${tail}`
    case 'haokan':
      return `16${rng.digits(10)}${tail}`
    case 'kwai':
      return `3x${rng.chars(10, 'abcdefghijkmnpqrstuvwxyz23456789')}${tail}`
    case 'xiaohongshu':
      return `5${rng.chars(19, HEX)}${tail}`
    case 'wechat_channels':
      return `sph${rng.chars(8, ALNUM)}${tail}`
    default:
      return `${rng.digits(8)}${tail}`
  }
}

/** Long tail: most accounts have 1k–300k fans, about one in twenty over a million. */
function fansOf(rng: Random) {
  if (rng.next() < 0.05) return rng.int(1_000_000, 8_500_000)
  return Math.round(10 ** (3 + rng.next() * 2.5))
}

/* ------------------------------------------------------------------ */
/* Portraits                                                            */
/* ------------------------------------------------------------------ */

const PORTRAIT_BUCKETS: Record<string, string[]> = {
  sex: ['female', 'male'],
  age: ['<18', '18-24', '25-30', '31-40', '>40'],
  region: ['Guangdong', 'Beijing', 'Shanghai', 'Zhejiang', 'Jiangsu', 'Sichuan', 'Other'],
  device: ['iPhone', 'Huawei', 'Xiaomi', 'OPPO', 'vivo', 'Other'],
  partition: ['Lifestyle', 'Food', 'Games', 'Music', 'Dance', 'Knowledge', 'Entertainment'],
  label: ['Korean culture', 'K-pop', 'Cooking', 'Travel', 'Makeup', 'Gaming', 'Study', 'Pets'],
}

/** Shares of the buckets (4 decimals) that add up to exactly 1. */
function shares(count: number, rng: Random, skew = 1) {
  const weights = Array.from({ length: count }, () => rng.next() ** skew + 0.05)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const values = weights.map((weight) => Math.floor((weight / total) * 10_000))
  values[0] += 10_000 - values.reduce((sum, value) => sum + value, 0)
  return values.map((value) => (value / 10_000).toFixed(4))
}

const MEMOS = [
  '계약 갱신 논의 예정 (다음 달 초).',
  '광고 단가 재협상 요청 받음. 팀장 확인 필요.',
  'Bilibili 토큰 재연결 요청했습니다.',
  '신규 브랜드 협찬 제안 전달 완료.',
  '여권 사본 다시 요청함 (만료 예정).',
  'Asked for the updated bank account; waiting for the scan.',
  'Monthly upload target met; proposed a live stream in the next quarter.',
  'Douyin cookie rechecked, OK.',
  '新视频数据表现很好，建议加大投放。',
  '已和创作者确认下季度合作计划。',
  '西瓜视频授权将于下周到期，已提醒。',
  '月間の投稿本数について相談済み。',
]

/* ------------------------------------------------------------------ */
/* The data set                                                         */
/* ------------------------------------------------------------------ */

export interface DemoAccount {
  platform: PlatformKey
  uid: string
  fans: number
  token: string
  tokenConnectedAt: DateTime
  tokenExpiresAt: DateTime | null
  tokenStatus: 0 | 1
  cookie: string
  cookieEnteredAt: DateTime
  cookieCheckedAt: DateTime
  cookieStatus: 0 | 1
}

export interface DemoCreator {
  brandNo: string
  contractNo: string
  kind: CreatorKind
  contractorName: string
  channelName: string
  channelNameZh: string
  channelIntroZh: string
  youtubeChannelName: string | null
  youtubeUrl: string | null
  category: CreatorCategory
  nationality: 'KR' | 'CN'
  areaCode: string
  gender: 'female' | 'male' | null
  companyRef: string | null
  contractDate: string
  endDate: string
  contractStatus: 'valid' | 'terminated'
  cancelDate: string | null
  hasAuthorizationDoc: boolean
  ipBusinessExclusive: boolean
  videoExclusiveChina: boolean
  contractedPlatforms: PlatformKey[] | null
  minMonthlyVideos: number
  adIncomeRatio: number
  otherIncomeRatio: number
  remark: string | null
  snsKr: string | null
  snsZh: string | null
  team: TeamKey | null
  uploaderEmail: string | null
  createdAt: DateTime
  failing: boolean
  private: Record<PrivateField, string>
  accounts: DemoAccount[]
  adPrices: { platform: PlatformKey; format: string; price: string; currency: string }[]
}

function weighted<T>(rng: Random, items: [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = rng.next() * total
  for (const [item, weight] of items) {
    roll -= weight
    if (roll < 0) return item
  }
  return items[items.length - 1][0]
}

const isoDate = (value: DateTime) => value.toISODate()!

/**
 * The demo creators, computed (not stored): the same list for the same day
 * on every machine. Tests read it to know the plain values that must never
 * reach the database unencrypted.
 */
export function demoCreators(today: DateTime = DateTime.utc().startOf('day')): DemoCreator[] {
  const rng = random(20_260_301)
  const prefix = studioConfig.brand.toUpperCase()
  const uploaders = ['staff.cp1@mcn.local', 'staff.cp2@mcn.local', 'staff.ch1@mcn.local', null]
  const creators: DemoCreator[] = []
  let serial = 0

  for (let index = 0; index < DEMO_CREATOR_COUNT; index++) {
    const kindRoll = rng.next()
    const kind: CreatorKind = kindRoll < 0.8 ? 'CR' : kindRoll < 0.9 ? 'IP' : 'CH'
    const korean = rng.next() < 0.62
    const category = weighted(rng, CATEGORY_WEIGHTS)
    const [wordKo, wordEn, wordZh] = CATEGORY_WORDS[category]
    const [surname, surnameRoman] = rng.pick(korean ? KO_SURNAMES : ZH_SURNAMES)
    const [given, givenRoman] = rng.pick(korean ? KO_GIVEN : ZH_GIVEN)
    const personName = `${surname}${given}`
    const gender = rng.next() < 0.55 ? 'female' : 'male'

    let contractorName = personName
    let channelName: string
    let channelNameZh: string
    if (kind === 'IP') {
      const [ko, en, zh] = IP_BRANDS[index % IP_BRANDS.length]
      contractorName = rng.pick(korean ? KO_COMPANIES : ZH_COMPANIES)
      channelName = rng.next() < 0.5 ? ko : en
      channelNameZh = zh
    } else if (kind === 'CH') {
      const [ko, en, zh] = CH_CHANNELS[index % CH_CHANNELS.length]
      contractorName = rng.pick(korean ? KO_COMPANIES : ZH_COMPANIES)
      channelName = rng.next() < 0.6 ? ko : en
      channelNameZh = zh
    } else if (korean) {
      channelName = rng.pick([
        `${given}의 ${wordKo}`,
        `${givenRoman} ${wordEn}`,
        `${wordKo}하는 ${given}`,
        `${surnameRoman.charAt(0)}${surnameRoman.slice(1).toLowerCase()} ${givenRoman} TV`,
        `${given}${wordKo} 채널`,
      ])
      channelNameZh = rng.pick([
        `${givenRoman}的${wordZh}日记`,
        `韩国${wordZh}小${gender === 'female' ? '姐姐' : '哥哥'}`,
        `首尔${wordZh}${rng.pick(['记', '频道', '时间'])}`,
        `${gender === 'female' ? '欧尼' : '欧巴'}的${wordZh}`,
      ])
    } else {
      channelName = rng.pick([
        `${givenRoman} ${wordEn}`,
        `${surnameRoman.charAt(0)}${surnameRoman.slice(1).toLowerCase()}${givenRoman} ${wordEn}`,
        `${wordEn} with ${givenRoman}`,
      ])
      channelNameZh = rng.pick([
        `${given}的${wordZh}日记`,
        `小${given.slice(-1)}${wordZh}`,
        `${wordZh}达人${surname}${given}`,
        `${surname}${given}${rng.pick(['', '呀', '酱'])}`,
      ])
    }

    // dates: contracts over the last four years; a few creators added in the last month
    const contract = today.minus({ days: rng.int(20, 4 * 365) })
    const end = contract.plus({ years: rng.pick([2, 3, 3, 5]) })
    const terminated = index % 12 === 7
    const cancel = terminated
      ? contract.plus({ days: rng.int(60, Math.max(61, today.diff(contract, 'days').days - 1)) })
      : null
    const recent = index % 25 === 3
    const createdAt = recent
      ? today.minus({ days: rng.int(1, 25), hours: rng.int(0, 12) })
      : contract.plus({ hours: rng.int(9, 18) })

    // accounts: 2–5 platforms
    const platforms = new Set<PlatformKey>()
    const wanted = rng.int(2, 5)
    while (platforms.size < wanted) platforms.add(weighted(rng, PLATFORM_WEIGHTS))
    const list = [...platforms]
    // one creator in sixteen has a failing account: an expired token, or (one in
    // thirty-two) a cookie past its recheck on a platform without token renewal
    const fails = index % 16 === 5
    const cookieTarget = list.find((platform) => !renewalOf(platform))
    const failureKind = index % 32 === 5 && cookieTarget ? 'cookie' : 'token'
    const failingPlatform = fails ? (failureKind === 'cookie' ? cookieTarget! : list[0]) : null

    const accounts: DemoAccount[] = list.map((platform) => {
      serial++
      const renewal = renewalOf(platform)
      const failsToken = platform === failingPlatform && failureKind === 'token'
      const failsCookie = platform === failingPlatform && failureKind === 'cookie'
      let connectedDaysAgo = renewal ? rng.int(5, renewal - 8) : rng.int(40, 400)
      // some tokens run out within the warning window (still connected)
      if (renewal && serial % 11 === 0) connectedDaysAgo = renewal - rng.int(1, 5)
      if (failsToken && renewal) connectedDaysAgo = renewal + rng.int(2, 20)
      if (failsCookie) connectedDaysAgo = rng.int(80, 400)
      const connected = today.minus({ days: connectedDaysAgo }).plus({ hours: rng.int(1, 10) })
      const expires = renewal ? connected.plus({ days: renewal }) : null
      const entered = connected.plus({ days: COOKIE_AFTER_TOKEN_DAYS + rng.int(0, 2), hours: 2 })
      const checked = failsCookie
        ? today.minus({ days: COOKIE_RECHECK_DAYS + rng.int(3, 20) })
        : today.minus({ days: rng.int(0, Math.max(0, Math.min(25, connectedDaysAgo - 4))) })
      const cookieValue =
        platform === 'weibo'
          ? {
              'weibo.com': { SUB: rng.chars(40, ALNUM) },
              'weibo.cn': { SUB: rng.chars(40, ALNUM) },
            }
          : { SESSDATA: rng.chars(32, ALNUM), uid: String(serial) }
      return {
        platform,
        uid: uidOf(platform, serial, rng),
        fans: fansOf(rng),
        token: `demo-${platform}-${rng.chars(32, ALNUM)}`,
        tokenConnectedAt: connected,
        tokenExpiresAt: expires,
        tokenStatus: failsToken ? 1 : 0,
        cookie: JSON.stringify(cookieValue),
        cookieEnteredAt: entered,
        cookieCheckedAt: checked,
        cookieStatus: failsCookie ? 1 : 0,
      }
    })

    const youtube = accounts.find((account) => account.platform === 'youtube')
    const exclusive = rng.next() < 0.35
    const ad = rng.pick([50, 60, 70, 70, 80])
    const other = rng.pick([0, 10, 20, 20, 30].filter((value) => value + ad <= 100))
    const adPrices = accounts.slice(0, rng.int(1, 3)).map((account, position) => {
      const currency = korean ? (rng.next() < 0.8 ? 'KRW' : 'USD') : 'CNY'
      const perFan = currency === 'KRW' ? rng.int(8, 25) : currency === 'USD' ? 0.01 : 0.05
      const amount = Math.max(currency === 'KRW' ? 300_000 : 500, account.fans * perFan)
      const rounded =
        currency === 'KRW' ? Math.round(amount / 10_000) * 10_000 : Math.round(amount / 10) * 10
      return {
        platform: account.platform,
        format: AD_FORMATS[(index + position) % AD_FORMATS.length],
        price: rounded.toFixed(2),
        currency,
      }
    })

    const year = rng.int(1985, 2004)
    const birth = DateTime.utc(year, rng.int(1, 12), rng.int(1, 28))
    const no = String(index + 1).padStart(3, '0')
    const mailName = givenRoman.toLowerCase()
    const privateData: Record<PrivateField, string> = korean
      ? {
          phone: `010-${rng.int(2000, 9899)}-${rng.digits(3)}${index % 10}`,
          email: `${mailName}.${surnameRoman.toLowerCase()}${no}@${rng.pick(['naver.com', 'gmail.com', 'kakao.com'])}`,
          address: `${rng.pick(KO_CITIES)} ${rng.int(10, 480)}, ${rng.int(2, 19)}층`,
          birth_date: isoDate(birth),
          passport_name: `${surnameRoman} ${givenRoman.toUpperCase()}`,
          passport_no: `M${rng.digits(5)}${no}`,
          bank_name: rng.pick(KO_BANKS),
          bank_account: `${rng.digits(3)}-${rng.digits(2)}-${rng.digits(3)}${no}`,
          tax_payer_name: contractorName,
        }
      : {
          phone: `1${rng.pick(['3', '5', '8'])}${rng.int(0, 9)} ${rng.digits(4)} ${rng.digits(1)}${no}`,
          email: `${mailName}${surnameRoman.toLowerCase()}${no}@${rng.pick(['qq.com', '163.com', 'outlook.com'])}`,
          address: `${rng.pick(ZH_CITIES)}${rng.int(8, 999)}号${rng.int(3, 30)}楼`,
          birth_date: isoDate(birth),
          passport_name: `${surnameRoman} ${givenRoman.toUpperCase()}`,
          passport_no: `E${rng.digits(5)}${no}`,
          bank_name: rng.pick(ZH_BANKS),
          bank_account: `6222${rng.digits(12)}${no}`,
          tax_payer_name: contractorName,
        }

    const handle = `${mailName}${no}`
    creators.push({
      brandNo: `${prefix}-${String(index + 1).padStart(5, '0')}`,
      contractNo: `C-${contract.toFormat('yyyy')}-${String(index + 1).padStart(4, '0')}`,
      kind,
      contractorName,
      channelName,
      channelNameZh,
      channelIntroZh: `${channelNameZh}：${wordZh}内容，每周更新 ${rng.int(1, 5)} 次。`,
      youtubeChannelName: youtube ? channelName : null,
      youtubeUrl: youtube ? `https://www.youtube.com/@${handle}` : null,
      category,
      nationality: korean ? 'KR' : 'CN',
      areaCode: korean ? '+82' : '+86',
      gender: kind === 'CR' ? gender : null,
      companyRef:
        kind === 'CR'
          ? rng.next() < 0.3
            ? rng.pick(korean ? KO_COMPANIES : ZH_COMPANIES)
            : null
          : contractorName,
      contractDate: isoDate(contract),
      endDate: isoDate(end),
      contractStatus: terminated ? 'terminated' : 'valid',
      cancelDate: cancel ? isoDate(DateTime.min(cancel, today.minus({ days: 1 }))!) : null,
      hasAuthorizationDoc: rng.next() < 0.7,
      ipBusinessExclusive: kind === 'IP' || rng.next() < 0.15,
      videoExclusiveChina: exclusive,
      contractedPlatforms: exclusive ? null : accounts.map((account) => account.platform),
      minMonthlyVideos: rng.pick([0, 2, 4, 4, 6, 8]),
      adIncomeRatio: ad,
      otherIncomeRatio: other,
      remark:
        rng.next() < 0.2
          ? rng.pick(['우수 크리에이터', '重点培养', 'Priority account', '신규 카테고리 테스트'])
          : null,
      snsKr: korean ? `https://www.instagram.com/${handle}` : null,
      snsZh: `https://weibo.com/${handle}`,
      team: rng.next() < 0.93 ? rng.pick(['cp1', 'cp2', 'cp3', 'cp4'] as const) : null,
      uploaderEmail: rng.pick(uploaders),
      createdAt,
      failing: accounts.some((account) => account.tokenStatus === 1 || account.cookieStatus === 1),
      private: privateData,
      accounts,
      adPrices,
    })
  }
  return creators
}

/* ------------------------------------------------------------------ */
/* The seeder                                                           */
/* ------------------------------------------------------------------ */

async function insertMany(
  trx: TransactionClientContract,
  table: string,
  rows: object[],
  size = 200
) {
  for (let index = 0; index < rows.length; index += size) {
    await trx.table(table).multiInsert(rows.slice(index, index + size))
  }
}

export default class DemoCreatorsSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoCreatorsSeeder.seed()
  }

  /**
   * Seeds the demo creators and the demo codes (every demo account's personal
   * security code from DEMO_SECURITY_CODE, the studio's termination code from
   * DEMO_TERMINATION_CODE). Returns false, doing nothing, when creators exist.
   */
  static async seed() {
    if (await db.from('creators').first()) return false

    const securityCode = env.get('DEMO_SECURITY_CODE') ?? DEMO_SECURITY_CODE_DEFAULT
    const terminationCode = env.get('DEMO_TERMINATION_CODE') ?? DEMO_TERMINATION_CODE_DEFAULT
    const [securityHash, terminationHash] = await Promise.all([
      hash.make(securityCode),
      hash.make(terminationCode),
    ])
    const creators = demoCreators()

    await db.transaction(async (trx) => {
      const format = trx.dialect.dateTimeFormat
      const sql = (value: DateTime) => value.toUTC().toFormat(format)
      const now = sql(DateTime.utc())

      const teamRows = await trx.from('teams').select('id', 'key')
      const teams = new Map(teamRows.map((team) => [team.key, team.id]))
      const demoEmails = [DemoSeeder.credentials().email, ...DEMO_USERS.map((user) => user.email)]
      const users = await trx
        .from('users')
        .whereIn('email', demoEmails)
        .select('id', 'email', 'role')
      const userId = new Map(users.map((user) => [user.email, user.id as number]))
      const adminId = userId.get(DemoSeeder.credentials().email) ?? null
      const memoAuthors = users
        .filter((user) => ['admin', 'manager', 'staff'].includes(user.role))
        .map((user) => user.id as number)

      // creators (private values only through Creator#setPrivate: encrypted and masked)
      const creatorRows = creators.map((demo) => {
        const creator = new Creator()
        creator.merge({
          brandNo: demo.brandNo,
          contractNo: demo.contractNo,
          kind: demo.kind,
          contractorName: demo.contractorName,
          channelName: demo.channelName,
          channelNameZh: demo.channelNameZh,
          channelIntroZh: demo.channelIntroZh,
          youtubeChannelName: demo.youtubeChannelName,
          youtubeUrl: demo.youtubeUrl,
          category: demo.category,
          nationality: demo.nationality,
          areaCode: demo.areaCode,
          gender: demo.gender,
          companyRef: demo.companyRef,
          contractStatus: demo.contractStatus,
          hasAuthorizationDoc: demo.hasAuthorizationDoc,
          ipBusinessExclusive: demo.ipBusinessExclusive,
          videoExclusiveChina: demo.videoExclusiveChina,
          contractedPlatforms: demo.contractedPlatforms,
          minMonthlyVideos: demo.minMonthlyVideos,
          adIncomeRatio: demo.adIncomeRatio,
          otherIncomeRatio: demo.otherIncomeRatio,
          remark: demo.remark,
          snsKr: demo.snsKr,
          snsZh: demo.snsZh,
          cpTeamId: demo.team ? (teams.get(demo.team) ?? null) : null,
          uploaderId: demo.uploaderEmail ? (userId.get(demo.uploaderEmail) ?? null) : null,
          baiduAppId: null,
          totalFans: demo.accounts.reduce((sum, account) => sum + account.fans, 0),
          failing: demo.failing,
          createdBy: adminId,
        })
        for (const [field, value] of Object.entries(demo.private)) {
          creator.setPrivate(field as PrivateField, value)
        }
        const columns = (
          creator as unknown as { prepareForAdapter(values: object): Record<string, unknown> }
        ).prepareForAdapter(creator.$attributes)
        return {
          ...columns,
          contract_date: demo.contractDate,
          end_date: demo.endDate,
          cancel_date: demo.cancelDate,
          baidu_token_encrypted: null,
          created_at: sql(demo.createdAt),
          updated_at: now,
        }
      })
      await insertMany(trx, 'creators', creatorRows, 100)
      const inserted = await trx.from('creators').select('id', 'brand_no')
      const ids = new Map(inserted.map((row) => [row.brand_no, row.id]))

      // the demo creator account signs in to its own channels (the first creator under contract)
      const creatorLogin = userId.get('creator@mcn.local')
      const own = creators.find((demo) => demo.contractStatus === 'valid' && demo.accounts.length)
      if (creatorLogin && own) {
        await trx
          .from('creators')
          .where('id', ids.get(own.brandNo))
          .update({ user_id: creatorLogin })
      }

      const accounts: object[] = []
      const prices: object[] = []
      const portraits: object[] = []
      const memos: object[] = []
      const rng = random(7_777)
      const capturedOn = DateTime.utc().minus({ days: 1 }).toISODate()
      for (const [index, demo] of creators.entries()) {
        const creatorId = ids.get(demo.brandNo)
        for (const account of demo.accounts) {
          accounts.push({
            creator_id: creatorId,
            platform: account.platform,
            uid: account.uid,
            channel_name: demo.channelNameZh,
            channel_url: account.platform === 'youtube' ? demo.youtubeUrl : null,
            fans: account.fans,
            active: true,
            token_encrypted: encryptPrivate('platform_token', account.token),
            token_status: account.tokenStatus,
            token_connected_at: sql(account.tokenConnectedAt),
            token_expires_at: account.tokenExpiresAt ? sql(account.tokenExpiresAt) : null,
            cookie_encrypted: encryptPrivate('platform_cookie', account.cookie),
            cookie_status: account.cookieStatus,
            cookie_entered_at: sql(account.cookieEnteredAt),
            cookie_checked_at: sql(account.cookieCheckedAt),
            created_at: sql(demo.createdAt),
            updated_at: now,
          })
        }
        for (const price of demo.adPrices) {
          prices.push({
            creator_id: creatorId,
            ...price,
            note: null,
            created_at: now,
            updated_at: now,
          })
        }
        const platform = [...demo.accounts].sort((a, b) => b.fans - a.fans)[0].platform
        for (const audience of ['fans', 'non_fans']) {
          for (const [dimension, buckets] of Object.entries(PORTRAIT_BUCKETS)) {
            const values = shares(buckets.length, rng, dimension === 'sex' ? 1 : 2)
            buckets.forEach((bucket, position) => {
              portraits.push({
                creator_id: creatorId,
                platform,
                audience,
                dimension,
                bucket,
                share: values[position],
                captured_on: capturedOn,
              })
            })
          }
        }
        if (memoAuthors.length && index % 5 === 0) {
          const count = 1 + (index % 3)
          for (let memo = 0; memo < count; memo++) {
            memos.push({
              creator_id: creatorId,
              user_id: memoAuthors[(index + memo) % memoAuthors.length],
              body: MEMOS[(index + memo * 7) % MEMOS.length],
              created_at: sql(DateTime.utc().minus({ days: (index % 40) + memo * 3, hours: memo })),
            })
          }
        }
      }
      await insertMany(trx, 'creator_platform_accounts', accounts, 150)
      await insertMany(trx, 'creator_ad_prices', prices)
      await insertMany(trx, 'creator_audience_portraits', portraits, 500)
      await insertMany(trx, 'creator_memos', memos)

      // the demo codes
      await trx
        .from('users')
        .whereIn('email', demoEmails)
        .update({ security_code_hash: securityHash })
      await trx.from('studio_settings').where('key', 'termination_code').delete()
      await trx.table('studio_settings').insert({
        key: 'termination_code',
        value: terminationHash,
        updated_by: adminId,
        updated_at: now,
      })
    })
    return true
  }
}
