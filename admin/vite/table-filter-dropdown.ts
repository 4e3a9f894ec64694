import { createElement, lazy, Suspense, type ComponentProps, type ReactNode } from 'react'

/*
 * antd's Table, as the studio's screens see it (narrow-imports.ts): a column
 * with `filters` or a `filterDropdown` gets antd's own filter menu, fetched
 * the first time such a column is drawn. Its code (a Tree, checkboxes,
 * radios, a search box) is otherwise part of every screen with a table; the
 * studio filters its tables above them, so a screen rarely needs it.
 */
const load = () => import('antd/es/table/hooks/useFilter/FilterDropdown.js')
const FilterDropdown = lazy(load)

type Props = ComponentProps<Awaited<ReturnType<typeof load>>['default']>

interface FilterItem {
  value: unknown
  children?: FilterItem[]
}

/** Every value of a column's filters and of their sub-filters, depth first (as antd's). */
export function flattenKeys(filters?: FilterItem[]): unknown[] {
  return (filters ?? []).flatMap((filter) => [filter.value, ...flattenKeys(filter.children)])
}

/** The column's title as it is until the menu's code is in. */
export default function LazyFilterDropdown(props: Props & { children?: ReactNode }) {
  return createElement(Suspense, { fallback: props.children }, createElement(FilterDropdown, props))
}
