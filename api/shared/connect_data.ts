/*
| Connect data (issue 29 "Connect data"): an outside creator's (or tracked
| video's) history moved onto the managed creator's account (or video) once
| it signs. Both sides (validators, services, admin) read these.
*/

/** What is connected: an outside creator to a platform account, or an outside video to a video. */
export const CONNECT_KINDS = ['creator', 'video'] as const
export type ConnectKind = (typeof CONNECT_KINDS)[number]

/**
 * pending: the rows are moved and can still be taken back; confirmed: final
 * (no revert); reverted: the rows it wrote are gone and the link cleared.
 */
export const CONNECT_STATES = ['pending', 'confirmed', 'reverted'] as const
export type ConnectState = (typeof CONNECT_STATES)[number]

/** The snapshot source of rows a connect wrote (metric_snapshots, video_snapshots). */
export const CONNECT_SOURCE = 'outside' as const
