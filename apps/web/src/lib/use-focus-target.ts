import { useEffect, useRef, type RefObject } from 'react';

/** Spread on the element the hook moves focus to: its ref, and tabIndex -1 (focusable, but not by Tab). */
export interface FocusTargetProps<T extends HTMLElement> {
  ref: RefObject<T | null>;
  tabIndex: -1;
}

/**
 * An element that script moves focus to, such as a new screen's heading or an error summary: it
 * takes focus whenever `when` becomes true, and again whenever `key` changes while `when` holds.
 */
export function useFocusTarget<T extends HTMLElement>(when: boolean, key?: unknown): FocusTargetProps<T> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when, key]);
  return { ref, tabIndex: -1 };
}
