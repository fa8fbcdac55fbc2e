// Decision 092: the status cookie is httpOnly, so the page cannot see it. This note in the
// browser says only until when a code sign-in on this device may still be open; without it the
// page does not ask GET /api/status, which answers a visitor who never signed in with a 401 (an
// error in the console on every first visit). No reference, phone or token is kept.

const KEY = 'status_signed_in_until';

/** After a code sign-in: the cookie lasts `ttlMs`, the server's view (STATUS_LIMITS.viewTtlMs). */
export function rememberStatusSignIn(ttlMs: number, now: number = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, String(now + ttlMs));
  } catch {
    // Storage unavailable: the page asks the server every time, as it did before.
  }
}

/** After signing out, or when the server answered that no sign-in is open. */
export function forgetStatusSignIn(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** Whether a sign-in on this device may still be open: asked of the server only then. */
export function mayBeSignedIn(now: number = Date.now()): boolean {
  try {
    const until = Number(window.localStorage.getItem(KEY));
    return Number.isFinite(until) && until > now;
  } catch {
    // Storage unavailable: the server decides, as before.
    return true;
  }
}
