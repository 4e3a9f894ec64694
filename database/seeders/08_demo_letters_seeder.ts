import { BaseSeeder } from '@adonisjs/lucid/seeders'
import Letter from '#models/letter'
import User from '#models/user'
import LetterService from '#services/letters/letter_service'

/*
|--------------------------------------------------------------------------
| The demo letters
|--------------------------------------------------------------------------
| A few private letters to and from the demo admin (two unread for the
| admin, one the admin sent), sent through LetterService so each also notifies. Runs once.
*/

const LETTERS: { from: string; to: string; subject: string; body: string }[] = [
  {
    from: 'manager.cp1@mcn.local',
    to: 'admin',
    subject: '12월 정산 일정 확인 부탁드립니다',
    body: 'CP1 크리에이터 정산을 10일까지 마감할 수 있을지 확인 부탁드립니다. 명세서 초안은 보드에 올려 두었습니다.',
  },
  {
    from: 'staff.ch1@mcn.local',
    to: 'admin',
    subject: '抖音令牌即将过期',
    body: '有三个抖音账号的令牌本周过期，我已在预警看板上认领，周三前完成重新授权。',
  },
  {
    from: 'admin',
    to: 'company@mcn.local',
    subject: 'Re: 双十二直播合作',
    body: 'Thank you for the enquiry. Our business team will send the food creators’ rates this week.',
  },
]

export default class DemoLettersSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoLettersSeeder.seed()
  }

  static async seed() {
    if (await Letter.query().first()) return false
    const admin = await User.query().where('role', 'admin').orderBy('id').first()
    if (!admin) return false
    const person = async (key: string) =>
      key === 'admin' ? admin : await User.findBy('email', key)
    for (const letter of LETTERS) {
      const sender = await person(letter.from)
      const recipient = await person(letter.to)
      if (!sender || !recipient) continue
      await LetterService.send({ user: sender, ip: null }, recipient, {
        subject: letter.subject,
        body: letter.body,
      })
    }
    return true
  }
}
