import { useEffect, useState } from 'react';
import { prefersReducedMotion } from './confetti.ts';

export const COUNT_UP_MS = 1500;

export interface CountUpProps {
  value: number;
  format: (n: number) => string;
  durationMs?: number;
  className?: string;
  testId?: string;
}

/**
 * Counts from 0 to `value` over 1.5 s (ease-out). Screen readers get the final value once;
 * the moving number is hidden from them. Reduced motion shows the final value straight away.
 */
export function CountUp({ value, format, durationMs = COUNT_UP_MS, className, testId }: CountUpProps) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? value : 0));

  useEffect(() => {
    if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      setShown(t >= 1 ? value : Math.round(value * eased));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs]);

  return (
    <span className={className} data-testid={testId} data-value={value}>
      <span aria-hidden="true">{format(shown)}</span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
