import factory from '@adonisjs/lucid/factories'
import User from '#models/user'
import Team from '#models/team'
import { nextNumber } from '#database/factories/sequence'

/** The password every factory user signs in with (stored hashed by the model). */
export const FACTORY_PASSWORD = 'secret-password'

/**
 * An active staff member by default, with a unique email; a state for every
 * role (`apply('admin')`, `apply('creator')`…) and for waiting or disabled
 * accounts. Teams: `with('teams', 1, (team) => team.pivotAttributes({ is_manager: true }))`
 * makes a new team; to join one of the studio's teams, attach it.
 */
export const UserFactory = factory
  .define(User, ({ faker }) => ({
    email: `user${nextNumber()}@studio.example`,
    password: FACTORY_PASSWORD,
    name: faker.person.fullName(),
    phone: faker.string.numeric(11),
    accountType: 'staff' as const,
    role: 'staff' as const,
    status: 'active' as const,
    locale: 'en' as const,
  }))
  .state('staff', (user) => {
    user.role = 'staff'
    user.accountType = 'staff'
  })
  .state('admin', (user) => {
    user.role = 'admin'
  })
  .state('manager', (user) => {
    user.role = 'manager'
  })
  .state('finance', (user) => {
    user.role = 'finance'
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

/**
 * A team besides the studio's own (which the reference seeder writes and
 * tests find by key); `with('members', 2)` fills it.
 */
export const TeamFactory = factory
  .define(Team, ({ faker }) => ({
    key: `team_${nextNumber()}` as Team['key'],
    name: `${faker.location.city()} Team`,
    sortOrder: 99,
  }))
  .relation('members', () => UserFactory)
  .build()
