/** Strips < and > (D4: stored text never carries markup delimiters) and trims. */
export function sanitiseText(s: string): string {
  return stripAngleBrackets(s).trim();
}

export function sanitiseEmail(s: string): string {
  return sanitiseText(s).toLowerCase();
}

/** For as-you-type inputs: trimming while typing would eat the space the user just typed. */
export function stripAngleBrackets(s: string): string {
  return s.replace(/[<>]/g, '');
}

/**
 * Characters no text field accepts (issue 17): C0 controls other than tab, line feed and carriage
 * return (NUL breaks PostgreSQL text and hides data in SQLite), DEL and the C1 controls, and the
 * bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069), which
 * make stored text read differently from what it is ("invoice\u202Efdp.exe").
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** The same characters, for stripping where refusing is not possible (a stored file's name). */
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

export const UNSAFE_TEXT_MESSAGE =
  'This contains a hidden character we cannot accept. Type it again instead of pasting it.';

export function hasUnsafeCharacters(s: string): boolean {
  return UNSAFE_TEXT.test(s);
}

export function stripUnsafeCharacters(s: string): string {
  return s.replace(UNSAFE_TEXT_ALL, '');
}

/**
 * Every place in a parsed request (JSON body, query or route parameters) whose text, or whose
 * object key, holds an unsafe character, as dotted paths ('personalInfo.firstName', 'journeys.0.to';
 * '' for the value itself). Stops after `limit` paths.
 */
export function unsafeTextPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  // Segments of the current path; joined only for a finding (every save walks its whole body).
  const path: string[] = [];
  const here = () => path.map(stripUnsafeCharacters).join('.');
  const visit = (v: unknown, depth: number): void => {
    if (found.length >= limit || depth > 32) return;
    if (typeof v === 'string') {
      if (hasUnsafeCharacters(v)) found.push(here());
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (let index = 0; index < v.length; index++) {
        path.push(String(index));
        visit(v[index], depth + 1);
        path.pop();
      }
      return;
    }
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      path.push(key);
      if (hasUnsafeCharacters(key)) {
        if (found.length < limit) found.push(here());
      } else visit((v as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };
  visit(value, 0);
  return found;
}
