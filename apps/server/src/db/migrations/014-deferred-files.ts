import type { Kysely } from 'kysely';

// Issue 16, decision 025: a file rendered after the request that asked for it (the signed
// authority PDF). Its record is written at once, with the inputs of the render; a job, or the
// first download, renders and stores the bytes and clears the column. NULL: the bytes are stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').addColumn('render_input', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').dropColumn('render_input').execute();
}
