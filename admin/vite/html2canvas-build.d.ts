/** The library's own build, typed as the package is (html2canvas-on-demand.ts loads it). */
declare module 'html2canvas/dist/html2canvas.esm.js' {
  export { default } from 'html2canvas'
}
