import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'

/**
 * The app key encrypts cookies, private creator data and signed values.
 */
export const appKey = new Secret(env.get('APP_KEY'))

/**
 * X-Forwarded-For is honoured only from the proxies listed in
 * TRUSTED_PROXIES (comma separated addresses, CIDR ranges or the keywords
 * `loopback`, `linklocal`, `uniquelocal`). Without it the socket address is
 * the client address, so the IP allow-list cannot be bypassed with a forged
 * header.
 */
const trustedProxies = (env.get('TRUSTED_PROXIES') ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: trustedProxies.length ? proxyAddr.compile(trustedProxies) : () => false,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction && (env.get('APP_URL') ?? '').startsWith('https:'),
    sameSite: 'lax',
  },
})
