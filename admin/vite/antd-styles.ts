import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { THEME } from '../src/theme'

const require = createRequire(import.meta.url)

/**
 * The antd components of the first screens, as `[name, props]`. Each is
 * rendered once at build time so that its styles land in the stylesheet; a
 * component missing here (Upload, Timeline, Progress … on later screens) still
 * works — its styles are made in the browser as before.
 */
const COMPONENTS: [string, Record<string, unknown>?][] = [
  ['Layout'],
  ['Menu', { items: [] }],
  ['Typography'],
  ['Space'],
  ['Row'],
  ['Col'],
  ['Card'],
  ['Button'],
  ['Input'],
  ['InputNumber'],
  ['Tag'],
  ['Form'],
  ['Select'],
  ['DatePicker'],
  ['Segmented', { options: [] }],
  ['Tabs', { items: [] }],
  ['Table'],
  ['Pagination', { total: 50 }],
  ['Checkbox'],
  ['Radio'],
  ['Switch'],
  ['Statistic'],
  ['Skeleton'],
  ['Spin'],
  ['Empty'],
  ['Alert'],
  ['Avatar'],
  ['Badge'],
  ['Descriptions'],
  ['Divider'],
  ['App'],
]

/** Overlays render through portals; their panels carry the same styles. */
const PANELS = ['Tooltip', 'Popover', 'Popconfirm', 'Dropdown']

/**
 * The styles antd would make in the browser on every load (CSS-in-JS:
 * build the style objects, serialise them, insert a `<style>` per component)
 * are made once at build time with `@ant-design/static-style-extract` and
 * served as one cached stylesheet. The stylesheet ends with antd's own map of
 * what it holds (`.data-ant-cssinjs-cache-path`), which antd reads on start
 * and then skips making those styles. The map is keyed by the theme's hash, so
 * a theme that differs from `THEME` simply makes its styles in the browser.
 */
export function antdStyles(): Plugin {
  let fileName = ''
  let css = ''
  return {
    name: 'studio:antd-styles',
    apply: 'build',
    buildStart() {
      const React = require('react') as typeof import('react')
      const antd = require('antd') as Record<string, any>
      const { extractStyle } = require('@ant-design/static-style-extract') as {
        extractStyle: (wrap: (node: unknown) => unknown) => string
      }
      const nodes = [
        ...COMPONENTS.map(([name, props]) =>
          React.createElement(antd[name], { key: name, ...props })
        ),
        ...PANELS.map((name) =>
          React.createElement(antd[name]._InternalPanelDoNotUseOrYouWillBeFired, {
            key: `${name}-panel`,
            ...(name === 'Dropdown' ? { menu: { items: [] } } : { title: '' }),
          })
        ),
      ]
      css = extractStyle(() => React.createElement(antd.ConfigProvider, { theme: THEME }, ...nodes))
      const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8)
      fileName = `assets/antd-${hash}.css`
      this.emitFile({ type: 'asset', fileName, source: css })
    },
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }]
    },
  }
}
