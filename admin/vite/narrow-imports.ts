import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)

/**
 * Imports of a library's whole index by a module that uses one small part of
 * it, pointed at that part (or at the browser's own equivalent), so that every
 * screen stops carrying the rest in its first JavaScript:
 *
 * - antd's form context (imported by every input, by ConfigProvider's tree
 *   and so by the entry) takes only `FormProvider` from rc-field-form, but the
 *   index brings the whole form engine with its async validator (≈ 15 KiB
 *   gzip). Screens with a form still load it, with their Form.
 * - antd's Radio.Group (which every Table brings, for its filter menus) takes
 *   one helper from antd's form hooks, whose module starts the same form
 *   engine; `form-name-path.ts` here is that helper.
 * - antd's Table draws a column's filter menu (a Tree, checkboxes, radios, a
 *   search box: ≈ 13 KiB gzip) only for columns with filters, which the
 *   studio's tables do not have; `table-filter-dropdown.ts` here loads the
 *   menu the first time one is drawn.
 * - the plot library's base Plot builds its charts on G2 with G2's whole
 *   standard library registered (maps, graphs, trees, Sankey and Venn
 *   diagrams: ≈ 100 KiB gzip of the chart chunk); `chart-core.ts` here is the
 *   same Chart with the core library, all the studio's charts use.
 * - the plot library imports its helpers from `lodash`, whose CommonJS
 *   build arrives whole (≈ 21 KiB gzip); `lodash-es`, the same functions as
 *   modules (Refine's own choice), keeps only those used.
 * - qs (Refine's query strings) keeps the objects it has seen in a
 *   `side-channel`, which reaches WeakMap and Map through a chain of
 *   intrinsics polyfills and an object inspector for its error text (≈ 10 KiB
 *   gzip); `side-channel.cjs` here is the same interface on the browser's
 *   WeakMap and Map.
 * - Refine's router bindings match the path against every resource in each
 *   component that reads the route (every table row's buttons and links);
 *   `refine-route-match.ts` here answers a path's match once.
 */
const NARROWED: { source: string; importer: RegExp; target: () => string }[] = [
  {
    source: 'rc-field-form',
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    target: () => require.resolve('rc-field-form/es/FormContext.js'),
  },
  {
    source: '../form/hooks/useForm',
    importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    target: () => fileURLToPath(new URL('./form-name-path.ts', import.meta.url)),
  },
  {
    source: './FilterDropdown',
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    target: () => fileURLToPath(new URL('./table-filter-dropdown.ts', import.meta.url)),
  },
  {
    source: './chart',
    importer: /[\\/]@ant-design[\\/]plots[\\/]es[\\/]core[\\/]base[\\/]index\.js$/,
    target: () => fileURLToPath(new URL('./chart-core.ts', import.meta.url)),
  },
  {
    source: 'lodash',
    importer: /[\\/]node_modules[\\/]@ant-design[\\/](plots|charts-util)[\\/]/,
    target: () => require.resolve('lodash-es'),
  },
  {
    source: 'side-channel',
    importer: /[\\/]node_modules[\\/]qs[\\/]/,
    target: () => fileURLToPath(new URL('./side-channel.cjs', import.meta.url)),
  },
  {
    source: '@refinedev/core',
    importer: /[\\/]@refinedev[\\/]react-router[\\/]/,
    target: () => fileURLToPath(new URL('./refine-route-match.ts', import.meta.url)),
  },
]

export function narrowImports(): Plugin {
  return {
    name: 'mcn-narrow-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null
      const rule = NARROWED.find((item) => item.source === source && item.importer.test(importer))
      return rule ? rule.target() : null
    },
  }
}
