const MEDALS = ['#f59f00', '#868e96', '#c0803b']

/** The rank number; the first three in medal colours. */
export function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1]
  return (
    <span
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: 22,
        height: 22,
        borderRadius: 11,
        fontSize: 12,
        fontWeight: 600,
        color: medal ? '#fff' : '#495057',
        background: medal ?? '#f1f3f5',
      }}
      data-testid="rank"
    >
      {rank}
    </span>
  )
}
