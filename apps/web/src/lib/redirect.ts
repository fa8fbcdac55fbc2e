/** Full-page navigation to another site; its own module so tests can replace it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
