import { useEffect } from 'react'

/** Sets the browser tab's title; the login page's title is exactly "Login" (SPEC §2). */
export function usePageTitle(title: string, withBrand = true) {
  useEffect(() => {
    document.title = withBrand ? `${title} | MCN Studio` : title
  }, [title, withBrand])
}
