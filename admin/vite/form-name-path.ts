/**
 * The one thing antd's Radio.Group takes from antd's form hooks (see
 * narrow-imports.ts): a field name as the id part of its radios, the name's
 * path joined with '_' (no name, or `false`, is an empty path).
 */
export function toNamePathStr(name: unknown): string {
  if (name === undefined || name === false) return ''
  return (Array.isArray(name) ? name : [name]).join('_')
}
