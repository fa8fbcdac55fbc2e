import { useCallback, useEffect, useRef } from 'react';

/** A single pending timer that a new choice replaces and leaving the step cancels. */
export function useAutoAdvance(delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const schedule = useCallback(
    (fn: () => void) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        fn();
      }, delayMs);
    },
    [cancel, delayMs],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
