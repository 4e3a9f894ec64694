/** One word of a cloud: the text, its weight (how often it occurs) and an optional group (its language). */
export interface CloudWord {
  text: string
  weight: number
  group?: string
}

const PALETTE = ['#1677ff', '#13a8a8', '#722ed1', '#d4380d', '#389e0d', '#c41d7f']

/**
 * A keyword cloud: words sized by weight (12–30 px), heaviest first, each
 * coloured by its group and wrapping like text, so every language fits the
 * card at any width. Draws only what it is handed; the weight shows in the
 * word's tooltip through `formatWeight`.
 */
export function WordCloud({
  words,
  formatWeight,
  testId = 'word-cloud',
}: {
  words: CloudWord[]
  formatWeight: (word: CloudWord) => string
  testId?: string
}) {
  const max = Math.max(1, ...words.map((word) => word.weight))
  const min = Math.min(max, ...words.map((word) => word.weight))
  const groups = [...new Set(words.map((word) => word.group ?? ''))]
  const sizeOf = (weight: number) =>
    Math.round(12 + (max === min ? 0.5 : (weight - min) / (max - min)) * 18)
  return (
    <div
      data-testid={testId}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        justifyContent: 'center',
        gap: '4px 12px',
        lineHeight: 1.3,
      }}
    >
      {words.map((word) => (
        <span
          key={`${word.group ?? ''}:${word.text}`}
          title={formatWeight(word)}
          data-testid="cloud-word"
          style={{
            fontSize: sizeOf(word.weight),
            fontWeight: word.weight === max ? 600 : 400,
            color: PALETTE[groups.indexOf(word.group ?? '') % PALETTE.length],
            whiteSpace: 'nowrap',
          }}
        >
          {word.text}
        </span>
      ))}
    </div>
  )
}
