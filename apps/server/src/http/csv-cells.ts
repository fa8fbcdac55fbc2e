/**
 * A spreadsheet runs a cell that begins with = + - @ (or a tab or carriage return) as a formula:
 * such cells get a leading apostrophe so they are shown as text (OWASP "CSV injection"). Every CSV
 * the service writes (the claims export, the dashboard, client money) passes its cells through it.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
