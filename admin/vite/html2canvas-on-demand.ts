import type { default as Html2Canvas } from 'html2canvas/dist/html2canvas.esm.js'

/**
 * `html2canvas` as the chart library sees it (vite.config.ts points the name
 * here): the same call, with the library itself fetched the first time a
 * chart is exported as a picture. @antv/g imports it for that export alone,
 * and statically it was 200 KB of the chart chunk that every chart screen
 * parsed before its first chart.
 */
export default function html2canvas(...args: Parameters<typeof Html2Canvas>) {
  return import('html2canvas/dist/html2canvas.esm.js').then((module) => module.default(...args))
}
