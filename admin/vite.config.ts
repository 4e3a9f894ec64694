import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3333}`

/**
 * The admin is built into admin/dist and served by the API on one port, with
 * the .br/.gz files written here (the API's static middleware picks them).
 * `npm run dev` runs Vite's dev server and proxies the API.
 */
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../api/shared', import.meta.url)),
    },
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
  },
})
