import { BaseSeeder } from '@adonisjs/lucid/seeders'
import env from '#start/env'
import RegisterCode from '#models/register_code'
import Team from '#models/team'
import NotificationService from '#services/notifications/notification_service'
import User from '#models/user'
import type { AccountType, Role, TeamKey, UserStatus } from '#shared/constants'

export const DEMO_REGISTER_CODE = 'STUDIO2026'

interface DemoUser {
  email: string
  name: string
  role: Role
  accountType: AccountType
  status: UserStatus
  teams?: { key: TeamKey; manager?: boolean }[]
  locale?: 'ko' | 'zh' | 'en' | 'ja'
  phone?: string
  channelName?: string
  companyName?: string
}

/** Demo staff in several teams, one creator, one company and one waiting registration. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'manager.cp1@mcn.local',
    name: '김민준',
    role: 'manager',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'cp1', manager: true }],
    locale: 'ko',
    phone: '01012345678',
  },
  {
    email: 'staff.cp1@mcn.local',
    name: '이서연',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'cp1' }],
    locale: 'ko',
    phone: '01023456789',
  },
  {
    email: 'staff.cp2@mcn.local',
    name: '박지훈',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'cp2' }],
    locale: 'ko',
  },
  {
    email: 'staff.ch1@mcn.local',
    name: '王芳',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'ch1' }],
    locale: 'zh',
    phone: '13800138000',
  },
  {
    email: 'ops@mcn.local',
    name: '최유나',
    role: 'manager',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'operations', manager: true }],
    locale: 'ko',
  },
  {
    email: 'finance@mcn.local',
    name: '한소희',
    role: 'finance',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'operations' }],
    locale: 'ko',
  },
  {
    email: 'business@mcn.local',
    name: 'Daniel Park',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'business' }],
    locale: 'en',
  },
  {
    email: 'shortform@mcn.local',
    name: '田中 美咲',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'shortform' }],
    locale: 'ja',
  },
  {
    email: 'dev@mcn.local',
    name: '정하늘',
    role: 'staff',
    accountType: 'staff',
    status: 'active',
    teams: [{ key: 'developer' }],
    locale: 'ko',
  },
  {
    email: 'creator@mcn.local',
    name: '한소희',
    role: 'creator',
    accountType: 'creator',
    status: 'active',
    channelName: '소희의 하루',
    locale: 'ko',
  },
  {
    email: 'company@mcn.local',
    name: '陈伟',
    role: 'company',
    accountType: 'company',
    status: 'active',
    companyName: '星海传媒',
    locale: 'zh',
  },
  {
    email: 'newcomer@mcn.local',
    name: '오준서',
    role: 'staff',
    accountType: 'staff',
    status: 'pending',
    teams: [{ key: 'cp3' }],
    locale: 'ko',
    phone: '01099998888',
  },
  {
    email: 'liuyang.creator@mcn.local',
    name: '刘洋',
    role: 'creator',
    accountType: 'creator',
    status: 'pending',
    channelName: '刘洋的美食日记',
    locale: 'zh',
    phone: '13800138000',
  },
  {
    email: 'brand@sakura-cosme.local',
    name: '佐藤 花子',
    role: 'company',
    accountType: 'company',
    status: 'pending',
    companyName: 'Sakura Cosme',
    locale: 'ja',
  },
]

/**
 * The demo agency of a fresh install: an admin whose email and password come
 * from .env (DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, written with a random
 * password on first start) and the demo people above, who share that
 * password. Runs only while no demo admin exists, so restarts change nothing.
 */
export default class DemoSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoSeeder.seed()
  }

  static credentials() {
    return {
      email: (env.get('DEMO_ADMIN_EMAIL') ?? 'admin@mcn.local').toLowerCase(),
      password: env.get('DEMO_ADMIN_PASSWORD') ?? 'change-me-now',
    }
  }

  static async seed() {
    const { email, password } = this.credentials()
    if (await User.findBy('email', email)) return false

    const allTeams = await Team.all()
    const teams = new Map(allTeams.map((team) => [team.key, team]))
    const admin = await User.create({
      email,
      password,
      name: 'Studio Admin',
      role: 'admin',
      accountType: 'staff',
      status: 'active',
      locale: 'en',
    })
    await admin.related('teams').attach({ [teams.get('developer')!.id]: { is_manager: true } })

    for (const demo of DEMO_USERS) {
      if (await User.findBy('email', demo.email)) continue
      const user = await User.create({
        email: demo.email,
        password,
        name: demo.name,
        role: demo.role,
        accountType: demo.accountType,
        status: demo.status,
        locale: demo.locale ?? 'en',
        phone: demo.phone ?? null,
        channelName: demo.channelName ?? null,
        companyName: demo.companyName ?? null,
      })
      for (const membership of demo.teams ?? []) {
        await user.related('teams').attach({
          [teams.get(membership.key)!.id]: { is_manager: Boolean(membership.manager) },
        })
      }
      if (user.status === 'pending') {
        await NotificationService.notify({
          kind: 'registration_pending',
          roles: ['admin'],
          params: { name: user.name, account_type: user.accountType },
          link: '/app/settings?tab=registrations',
        })
      }
    }

    await RegisterCode.firstOrCreate(
      { code: DEMO_REGISTER_CODE },
      { code: DEMO_REGISTER_CODE, note: 'Demo register code', createdBy: admin.id }
    )
    return true
  }
}
