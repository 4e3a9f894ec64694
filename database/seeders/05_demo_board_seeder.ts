import { BaseSeeder } from '@adonisjs/lucid/seeders'
import BoardPost from '#models/board_post'
import User from '#models/user'
import BoardService from '#services/board/board_service'
import type { BoardCategory } from '#shared/board'

/*
|--------------------------------------------------------------------------
| The demo board
|--------------------------------------------------------------------------
| A pinned notice, a CEO column and analysis posts in Korean, Chinese,
| Japanese and English, written through BoardService (sanitised, indexed for
| search) by the demo people. Runs once: while the board is empty.
*/

const POSTS: {
  author: string
  category: BoardCategory
  title: string
  html: string
  pinned?: boolean
}[] = [
  {
    author: 'ops@mcn.local',
    category: 'notice',
    pinned: true,
    title: '12월 정산 일정 및 연말 휴무 안내',
    html: '<h2>정산 일정</h2><p>11월 정산은 <strong>12월 10일</strong>까지 확정합니다. 크리에이터별 수익 명세서는 12일에 발송됩니다.</p><ul><li>12월 24일–26일: 연말 휴무</li><li>긴급 문의: 운영팀</li></ul>',
  },
  {
    author: 'admin@mcn.local',
    category: 'ceo_column',
    title: '2027년, 숏폼과 라이브 커머스에 집중합니다',
    html: '<p>올해 숏폼 조회수가 전년 대비 두 배가 되었습니다. 내년에는 라이브 커머스와 브랜드 협업을 늘립니다.</p>',
  },
  {
    author: 'staff.ch1@mcn.local',
    category: 'cp_analysis',
    title: '本周抖音数据分析报告',
    html: '<p>本周粉丝增长主要来自美食类短视频，平均播放量提升 <strong>18%</strong>。</p><ol><li>发布时间集中在晚上 8 点</li><li>评论互动率高于上周</li></ol>',
  },
  {
    author: 'manager.cp1@mcn.local',
    category: 'pp_analysis',
    title: '유튜브 쇼츠 성장 보고서 (11월 3주차)',
    html: '<p>이번 주 구독자 증가의 62%가 쇼츠에서 나왔습니다. 썸네일 A/B 테스트 결과를 첨부합니다.</p>',
  },
  {
    author: 'shortform@mcn.local',
    category: 'external_analysis',
    title: '小红书と抖音のショート動画トレンド比較',
    html: '<p>料理と旅行のジャンルで再生数が伸びています。日本向けの字幕付き動画も好調です。</p>',
  },
  {
    author: 'business@mcn.local',
    category: 'business_analysis',
    title: 'Q4 brand deal pipeline review',
    html: '<p>Signed deals are up 24% quarter over quarter. Beauty and food brands lead the enquiries.</p>',
  },
]

export default class DemoBoardSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoBoardSeeder.seed()
  }

  static async seed() {
    if (await BoardPost.query().first()) return false
    for (const post of POSTS) {
      const author =
        (await User.findBy('email', post.author)) ??
        (await User.query().where('role', 'admin').orderBy('id').first())
      if (!author) return false
      await BoardService.create(
        { user: author, ip: null },
        {
          category: post.category,
          title: post.title,
          content: post.html,
          status: 'published',
          pinned: Boolean(post.pinned),
        }
      )
    }
    return true
  }
}
