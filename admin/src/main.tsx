import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@refinedev/antd/dist/reset.css'
import './global.css'
import { startI18n } from './providers/i18n'
import { prefetchUserInfo } from './providers/identity'
import App from './App'

// The signed-in user's info is asked for at once, beside the language and the
// screen's code, rather than after them.
prefetchUserInfo()
startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
)
