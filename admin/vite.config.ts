import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { antdStyles } from './vite/antd-styles'
import { narrowImports } from './vite/narrow-imports'

/**
 * Packages with no side effects that declare none: @refinedev/antd's one
 * bundle imports react-markdown (for a MarkdownField the studio never draws)
 * and @refinedev/core imports papaparse (for CSV import/export the studio does
 * on the server), so without this the whole markdown stack sat in the entry.
 */
const PURE_PACKAGES = new RegExp(
  '/node_modules/(' +
    [
      'react-markdown',
      'remark-[^/]+',
      'micromark[^/]*',
      'mdast-[^/]+',
      'unified',
      'vfile[^/]*',
      'unist-[^/]+',
      'hast-[^/]+',
      'property-information',
      'parse-entities',
      'character-[^/]+',
      'is-(alphabetical|alphanumerical|decimal|hexadecimal|plain-obj|buffer)',
      '(space|comma)-separated-tokens',
      'style-to-object',
      'inline-style-parser',
      'markdown-table',
      'longest-streak',
      'ccount',
      'trough',
      'bail',
      'zwitch',
      'mdurl',
      'repeat-string',
      'xtend',
      'extend',
      'papaparse',
    ].join('|') +
    ')/'
)

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3333}`

/**
 * The admin is built into admin/dist and served by the API on one port, with
 * the .br/.gz files written here (the API's static middleware picks them).
 * `npm run dev` runs Vite's dev server and proxies the API.
 */
export default defineConfig({
  plugins: [
    narrowImports(),
    react(),
    antdStyles(),
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('../api/shared', import.meta.url)) },
      {
        find: /^html2canvas$/,
        replacement: fileURLToPath(new URL('./vite/html2canvas-on-demand.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/add': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !PURE_PACKAGES.test(id) },
      output: {
        // One chunk per interface language: its shared and area files together.
        manualChunks(id: string) {
          const language = id.match(/\/src\/locales\/(?:[^/]+\/)?(\w+)\.json$/)?.[1]
          return language ? `locale-${language}` : undefined
        },
      },
    },
  },
})
