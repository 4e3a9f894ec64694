import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import '@refinedev/antd/dist/reset.css'
import './global.css'
import { startI18n } from './providers/i18n'
import { prefetchUserInfo } from './providers/identity'
import App from './App'

// The signed-in user's info is asked for at once, beside the language and the
// screen's code, rather than after them. The first render is a transition, so
// React draws the shell in short slices instead of one long task.
prefetchUserInfo()
startI18n().then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>
    )
  )
})
