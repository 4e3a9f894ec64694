import { configApp } from '@adonisjs/eslint-config'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const ADMIN = ['admin/src/**/*.{ts,tsx}']

/**
 * One lint for the whole repository: the AdonisJS house style for the API,
 * database, config, scripts and tests; TypeScript's recommended rules and
 * React's hook rules for the admin (kebab-case files, as in Refine's examples).
 */
const api = configApp({
  ignores: ['admin/dist/**', 'admin/*.{js,ts}', 'build/**', 'storage/**', 'node_modules/**'],
}).map((config) =>
  config.files ? { ...config, ignores: [...(config.ignores ?? []), 'admin/**'] } : config
)

export default [
  ...api,
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ADMIN })),
  {
    files: ADMIN,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
]
