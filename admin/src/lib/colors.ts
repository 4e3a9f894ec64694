/** Colours shared by the creator screens. */
export const KIND_COLOR: Record<string, string> = { CR: 'geekblue', IP: 'purple', CH: 'cyan' }

const AVATAR_COLORS = [
  '#3b5bdb',
  '#7048e8',
  '#0c8599',
  '#2f9e44',
  '#e8590c',
  '#c2255c',
  '#5f3dc4',
  '#1098ad',
]

export function avatarColor(id: number) {
  return AVATAR_COLORS[id % AVATAR_COLORS.length]
}
