import type { I18n } from '@adonisjs/i18n'
import type { ConnectOutcome } from '#services/platform_accounts/oauth_connect_service'

function escape(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The page a callback answers when its state was never issued (or was
 * forgotten): nothing to land back on, so it says what happened in the
 * reader's language and links to the studio.
 */
export function connectPage(i18n: I18n, outcome: ConnectOutcome) {
  const title = i18n.t('oauth.page.unknown_title')
  const body = i18n.t('oauth.page.unknown_body', {
    platform: i18n.t(`oauth.platforms.${outcome.platform}`),
  })
  return `<!doctype html>
<html lang="${escape(i18n.locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f1f1f}a{color:#1677ff}</style>
</head><body><h1>${escape(title)}</h1><p>${escape(body)}</p>
<p><a href="/app/customers">${escape(i18n.t('oauth.page.back'))}</a></p></body></html>`
}
