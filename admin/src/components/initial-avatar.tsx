import { avatarColor } from '../lib/colors'

const SIZES = { small: 24, default: 32 } as const

/**
 * A creator's initial on the creator's colour, the round badge of the lists
 * and rankings. A plain element rather than antd's Avatar: Avatar measures its
 * text after mounting to scale it (one forced layout per row), which a single
 * letter never needs; on a dashboard with thirty of them that was the
 * screen's largest piece of script after React itself.
 */
export function InitialAvatar({
  id,
  name,
  size = 'default',
}: {
  id: number
  name: string
  size?: keyof typeof SIZES
}) {
  const px = SIZES[size]
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: px,
        height: px,
        borderRadius: '50%',
        background: avatarColor(id),
        color: '#fff',
        fontSize: 14,
        lineHeight: 1,
        whiteSpace: 'nowrap',
        userSelect: 'none',
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
