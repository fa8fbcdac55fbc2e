// Addresses and folders shared by the Playwright config and the specs. Ports default to 3210 and
// 3211; E2E_APP_PORT / E2E_MARKETING_PORT move them so two runs on one machine do not collide.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
export const MARKETING_PORT = Number(process.env.E2E_MARKETING_PORT ?? APP_PORT + 1);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MARKETING_SITE_URL = `http://127.0.0.1:${MARKETING_PORT}/marketing`;

/**
 * The company a production start needs (issue 32.2: NODE_ENV=production refuses to start without
 * them). The suite's servers run as production does; this address is a test value, no one's.
 */
export const TEST_COMPANY = {
  COMPANY_NAME: 'TaxBack',
  COMPANY_ADDRESS: 'Test address, not a real one\\n1 Example Street\\nTesttown TE1 1ST',
  // D41: where an invoice's bank transfer goes; a test value, no one's account.
  INVOICE_PAY_TO: 'TaxBack test account, not a real one: sort code 00-00-00, account 00000000',
} as const;

/** The server's DATA_DIR for this run, set by playwright.config.ts before any server starts. */
export function getDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through e2e/playwright.config.ts');
  return dir;
}

/** The PostgreSQL URL the server uses in this run, or undefined when it runs on SQLite. */
export function getDatabaseUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || undefined;
}
