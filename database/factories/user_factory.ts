import factory from '@adonisjs/lucid/factories'
import User from '#models/user'
import Team from '#models/team'

/** Active staff by default; states for every role and for waiting accounts. */
export const UserFactory = factory
  .define(User, ({ faker }) => ({
    email: faker.internet.email().toLowerCase(),
    password: 'secret-password',
    name: faker.person.fullName(),
    phone: faker.string.numeric(11),
    accountType: 'staff' as const,
    role: 'staff' as const,
    status: 'active' as const,
    locale: 'en' as const,
  }))
  .state('admin', (user) => {
    user.role = 'admin'
  })
  .state('manager', (user) => {
    user.role = 'manager'
  })
  .state('creator', (user) => {
    user.role = 'creator'
    user.accountType = 'creator'
  })
  .state('company', (user) => {
    user.role = 'company'
    user.accountType = 'company'
  })
  .state('pending', (user) => {
    user.status = 'pending'
  })
  .state('disabled', (user) => {
    user.status = 'disabled'
  })
  .relation('teams', () => TeamFactory)
  .build()

export const TeamFactory = factory
  .define(Team, ({ faker }) => ({
    key: `team_${faker.string.alphanumeric(8).toLowerCase()}` as any,
    name: faker.company.name(),
    sortOrder: 99,
  }))
  .build()
