/** SPEC §9: 50 pieces for about 6 seconds. */
export const CONFETTI_PIECES = 50;
export const CONFETTI_DURATION_MS = 6000;

export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Fires the celebration; canvas-confetti is loaded only here so no other screen carries it.
 * Returns a stop function. With reduced motion nothing moves at all.
 */
export async function fireConfetti(): Promise<() => void> {
  if (prefersReducedMotion()) return () => {};
  let confetti: ReturnType<typeof import('canvas-confetti').create>;
  // Our own canvas, hidden from assistive technology: decoration is not page content (axe
  // 'region'), and it must never take a click.
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:100';
  document.body.appendChild(canvas);
  try {
    // The default instance draws in a Worker made from a blob: URL, which our CSP (no blob:
    // workers) refuses; an instance of our own draws on the main thread instead.
    confetti = (await import('canvas-confetti')).default.create(canvas, {
      useWorker: false,
      resize: true,
    });
  } catch {
    canvas.remove();
    return () => {};
  }
  // Particles live for `ticks` frames (~60 a second), so 360 ticks keeps them falling for ~6 s.
  void confetti({
    particleCount: CONFETTI_PIECES,
    spread: 80,
    startVelocity: 35,
    gravity: 0.5,
    ticks: Math.round((CONFETTI_DURATION_MS / 1000) * 60),
    origin: { y: 0.3 },
    disableForReducedMotion: true,
  });
  const stop = setTimeout(() => {
    confetti.reset();
    canvas.remove();
  }, CONFETTI_DURATION_MS + 500);
  return () => {
    clearTimeout(stop);
    confetti.reset();
    canvas.remove();
  };
}
