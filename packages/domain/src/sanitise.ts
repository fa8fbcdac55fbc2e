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
