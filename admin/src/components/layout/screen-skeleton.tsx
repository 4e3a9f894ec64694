import { Skeleton, theme } from 'antd'

/**
 * What a screen's place shows while its code or its permission check is on
 * the way: a title line, a row of figure panels and one large panel, the
 * shape most screens have, so that little moves when the screen arrives.
 * Plain panels (not antd's Card) keep it light enough for the first chunk.
 */
export function ScreenSkeleton() {
  const { token } = theme.useToken()
  const panel: React.CSSProperties = {
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: 24,
  }
  return (
    <div data-testid="screen-skeleton" aria-busy="true">
      <Skeleton.Input active size="large" style={{ width: 280, marginBottom: 24 }} />
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
          marginBottom: 16,
        }}
      >
        {[0, 1, 2, 3].map((index) => (
          <div key={index} style={panel}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ))}
      </div>
      <div style={panel}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    </div>
  )
}
