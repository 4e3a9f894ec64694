/** See node_flags.js. */
export function serverNodeFlags(env?: Record<string, string | undefined>): string[]
