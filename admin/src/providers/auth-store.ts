import { useSyncExternalStore } from 'react'

/**
 * The dialogs of SPEC §4 and the token-expired flag, shared between the HTTP
 * client (outside React) and the components that render them.
 */
export type AuthDialog =
  | { kind: 'login_failed'; message?: string }
  | { kind: 'server_error' }
  | { kind: 'ip_not_registered'; ip: string }

interface AuthState {
  dialog: AuthDialog | null
  tokenExpired: boolean
}

let state: AuthState = { dialog: null, tokenExpired: false }
const listeners = new Set<() => void>()

function emit(next: Partial<AuthState>) {
  state = { ...state, ...next }
  listeners.forEach((listener) => listener())
}

export const authStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  openDialog(dialog: AuthDialog) {
    if (state.dialog?.kind === 'ip_not_registered') return
    emit({ dialog })
  },
  closeDialog() {
    emit({ dialog: null })
  },
  setTokenExpired(tokenExpired: boolean) {
    emit({ tokenExpired })
  },
}

export function useAuthStore() {
  return useSyncExternalStore(authStore.subscribe, authStore.get)
}
