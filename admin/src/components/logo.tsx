import './logo.css'

/** The studio's mark; `animated` adds the login screen's orbit and pulse. */
export function Logo({ size = 40, animated = false }: { size?: number; animated?: boolean }) {
  return (
    <span
      className={animated ? 'studio-logo studio-logo--animated' : 'studio-logo'}
      style={{ width: size, height: size }}
    >
      {animated && <span className="studio-logo__orbit" aria-hidden="true" />}
      <img src="/logo.svg" alt="MCN Studio" width={size} height={size} />
    </span>
  )
}
