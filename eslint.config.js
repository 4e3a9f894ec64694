import { configApp } from '@adonisjs/eslint-config'

export default configApp({
  ignores: ['admin/**', 'build/**', 'storage/**', 'node_modules/**'],
})
