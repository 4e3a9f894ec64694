/**
 * The brand is configured on the server (APP_BRAND, default `mcn`), which
 * writes it into index.html when it serves the admin; SPEC's `{product}`
 * routes derive from it (/app/mcn_report, /app/mcn_labs, /app/mcn_studio_log).
 */
function readBrand() {
  const content = document.querySelector('meta[name="app-brand"]')?.getAttribute('content') ?? ''
  return /^[a-z0-9_-]+$/i.test(content) ? content : 'mcn'
}

export const BRAND = readBrand()
