import { useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { loadUserInfo } from '../providers/identity'
import { session } from '../providers/session'
import { landingPath } from '../providers/resources'

/**
 * Where `/` and `/app` lead: the first screen the signed-in person may open
 * (the data dashboard for the staff side and creators, the market dashboard
 * for companies …), from the permissions the API computed. Without a token,
 * the sign-in page.
 */
export function LandingNavigate({ pending = null }: { pending?: React.ReactNode }) {
  const [target, setTarget] = useState<string | null>(session.getToken() ? null : '/login')
  useEffect(() => {
    if (target) return
    let alive = true
    loadUserInfo()
      .then((info) => alive && setTarget(info ? landingPath(info.permissions) : '/login'))
      // unreachable server or refused token: the screen's own check decides
      .catch(() => alive && setTarget(landingPath(null)))
    return () => {
      alive = false
    }
  }, [target])
  return target ? <Navigate to={target} replace /> : pending
}
