// What every form a screen sends holds (issue 46): its field messages, and a count that moves the
// focus to the error summary each time it is shown. The screens' reducers make these changes
// through here, so a refusal means the same on every screen.

export interface Refusable<E> {
  errors: E;
  /** Moves the focus to the error summary each time it is shown. */
  attempt: number;
  /** On its way to the server, where the form says so. */
  busy?: boolean;
}

/** Refused by the browser's check or the server: its messages shown, the summary focused again, nothing on its way. */
export function refused<S extends Refusable<E>, E>(state: S, errors: E): S {
  return { ...state, errors, attempt: state.attempt + 1, ...('busy' in state ? { busy: false } : {}) };
}

/** One field typed into. */
export function typed<S, K extends keyof S>(state: S, field: K, value: S[K]): S {
  return { ...state, [field]: value };
}
