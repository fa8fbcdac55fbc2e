/** SPEC §9: 'TB' + last 6 digits of the timestamp + last 8 characters of the session id, uppercased. */
export function submissionReference(sessionId: string, at: Date): string {
  return `TB${String(at.getTime()).slice(-6)}${sessionId.slice(-8)}`.toUpperCase();
}
