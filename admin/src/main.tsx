import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import '@refinedev/antd/dist/reset.css'
import './global.css'
import { startI18n } from './providers/i18n'
import { prefetchUserInfo } from './providers/identity'
import App, { openingScreenCode } from './App'

// The signed-in user's info is asked for at once, beside the language and the
// code of the frame and of the screen, rather than after them. The first
// render waits for those (the server's frame is painted meanwhile), so that it
// draws the menu and the screen rather than their placeholders. It is a
// transition, so React draws in short slices instead of one long task.
prefetchUserInfo()
Promise.all([startI18n(), openingScreenCode(1500)]).then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>
    )
  )
})
