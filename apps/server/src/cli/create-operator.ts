// Creates (or resets the password of) an operator account for /admin (D11).
// Usage: npm run admin:create -- --email a@b.example --name "A Person" [--role admin|caseworker]
// The password is read from stdin when piped, otherwise prompted for without echo.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isValidEmail } from '@taxback/domain';
import { OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES } from '@taxback/domain/admin-schemas';
import type { OperatorRole } from '@taxback/domain/admin-schemas';
import { ConfigError, loadConfig } from '../config.ts';
import { hashPassword } from '../crypto/password.ts';
import { createDatabase, migrateToLatest } from '../db/connect.ts';
import { nowIso } from '../db/values.ts';

const MIN_PASSWORD_LENGTH = OPERATOR_PASSWORD_MIN_LENGTH;

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('Cancelled'));
          return;
        }
        if (char === '\u007f') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  const name = values.name?.trim() ?? '';
  // The first account made here is the first admin, so admin is the default.
  const role = (values.role ?? 'admin').trim() as OperatorRole;
  if (!isValidEmail(email) || name === '' || !OPERATOR_ROLES.includes(role)) {
    console.error(
      'Usage: npm run admin:create -- --email <email> --name <name> [--role admin|caseworker]  (password on stdin or prompted)',
    );
    return 2;
  }

  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden('Password: ');
    if ((await promptHidden('Repeat password: ')) !== password) {
      console.error('The passwords do not match.');
      return 2;
    }
  } else {
    password = await readPiped();
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    return 2;
  }

  const config = loadConfig();
  const { db } = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const passwordHash = await hashPassword(password);
    const existing = await db
      .selectFrom('operator_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('operator_users')
        // A reset also lifts a lockout and re-enables the account (the second factor is kept).
        .set({
          password_hash: passwordHash,
          name,
          role,
          disabled_at: null,
          failed_sign_ins: 0,
          locked_until: null,
        })
        .where('id', '=', existing.id)
        .execute();
      console.log('Operator updated (password reset).');
    } else {
      await db
        .insertInto('operator_users')
        .values({
          id: randomUUID(),
          email,
          name,
          password_hash: passwordHash,
          role,
          created_at: nowIso(),
          last_login_at: null,
        })
        .execute();
      console.log('Operator created.');
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
