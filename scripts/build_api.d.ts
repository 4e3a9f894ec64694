/** scripts/build_api.js: the API's production build (build/). */
export function apiBuildIsStale(): boolean
export function buildApi(): Promise<{ files: number; ms: number }>
export function ensureApiBuild(): Promise<boolean>
