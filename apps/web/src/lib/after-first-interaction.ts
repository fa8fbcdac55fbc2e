/** What tells a page a visitor has started to use it: a tap, a click, a key or a focus move. */
const FIRST_INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `then` once the visitor first touches, clicks, types or moves the focus on the page, in a
 * task of its own after the event's own work (decision 060). Until then the main thread is left to
 * the first screen: on a slow phone code the screen does not need yet (schemas, their messages)
 * would otherwise run in the seconds after it appears, just when the visitor reaches for an answer
 * (Lighthouse's total blocking time). Returns the cleanup.
 */
export function afterFirstInteraction(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of FIRST_INTERACTION_EVENTS) window.removeEventListener(type, run, options);
  };
  function run() {
    stop();
    timer = setTimeout(then, 0);
  }
  for (const type of FIRST_INTERACTION_EVENTS) window.addEventListener(type, run, options);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
