import { sql } from 'kysely';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import {
  FIRST_STEP_ID,
  completedStepAt,
  stepAtStorageIndex,
  storageIndexOf,
  storageIndexOfCompleted,
} from '@taxback/domain';
import { SNAPSHOT_SECTIONS, WIZARD_SNAPSHOT_VERSION } from '@taxback/domain/schemas';
import type { SnapshotSection, WizardProgress } from '@taxback/domain/schemas';
import type { DbDialect } from '../../db/connect.ts';
import { columnsOf } from '../../db/database.ts';
import type { Database, NewRow, Row, RowUpdate, RowColumns } from '../../db/database.ts';
import { paramsFor, prepareQuery } from '../../db/prepared.ts';
import { SNAPSHOT_COLUMNS } from './claim-columns.ts';
import type { SnapshotColumns } from './claim-columns.ts';

/** Queries for onboarding_claims and the claim's stored_files rows. Every lookup carries the session id (D5). */

type Db = Kysely<Database> | Transaction<Database>;

// A step is stored as the plan's storage index (decision 031): these two are the only places the
// onboarding module turns one into the other.

/** The stored progress columns of a claimant's progress. */
export function progressColumns(progress: WizardProgress): {
  current_step: number;
  last_step_completed: number;
} {
  return {
    current_step: storageIndexOf(progress.currentStep),
    last_step_completed: storageIndexOfCompleted(progress.lastStepCompleted),
  };
}

/** A row's progress: a missing or unknown current step reads as the first step. */
export function progressOfRow(row: {
  current_step: number | null;
  last_step_completed: number | null;
}): WizardProgress {
  return {
    currentStep:
      stepAtStorageIndex(row.current_step === null ? null : Number(row.current_step)) ?? FIRST_STEP_ID,
    lastStepCompleted: completedStepAt(
      row.last_step_completed === null ? null : Number(row.last_step_completed),
    ),
  };
}

export function findClaimBySession(db: Db, sessionId: string): Promise<Row<'onboarding_claims'> | undefined> {
  return db
    .selectFrom('onboarding_claims')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** What a restore (GET /api/onboarding) reads; the whole row is three times as much for SQLite to decode. */
const PROGRESS_COLUMNS = columnsOf<'onboarding_claims'>()(
  'revision',
  'snapshot',
  'snapshot_version',
  'signature_url',
  'status',
  'submission_reference',
  'submitted_at',
  'admin_ni_number',
  'current_step',
  'last_step_completed',
  'checked_on',
  'totals',
  // D38: a submitted claim in a case restores the case's reference and Self Assessment years.
  'case_id',
  'follows_case',
);
export type ClaimProgressRow = RowColumns<'onboarding_claims', typeof PROGRESS_COLUMNS>;

/** The parts of a stored file a claimant's progress shows. */
export type ClaimFileRow = Pick<
  Row<'stored_files'>,
  'id' | 'kind' | 'tax_year' | 'filename' | 'content_type' | 'size'
>;

// One query for the claim and its files (a LEFT JOIN: one row per file, or one row with no file):
// on PostgreSQL a second query is a second round trip on every restore. The files are put in
// order here, not by the SQL: an ORDER BY made SQLite copy every row, snapshot and all, through a
// sorter, on every restore of a draft with no file at all.
const progressQuery = prepareQuery((db, p) =>
  db
    .selectFrom('onboarding_claims as c')
    .leftJoin('stored_files as f', (join) =>
      join.onRef('f.session_id', '=', 'c.session_id').on('f.claim_kind', '=', 'onboarding'),
    )
    .select(PROGRESS_COLUMNS.map((column) => `c.${column}` as const))
    .select([
      'f.id as file_id',
      'f.kind as file_kind',
      'f.tax_year as file_tax_year',
      'f.filename as file_filename',
      'f.content_type as file_content_type',
      'f.size as file_size',
      'f.created_at as file_created_at',
    ])
    .where('c.session_id', '=', p('sessionId')),
);

type FileOrder = { file_created_at: string | null; file_id: string | null };

/** Oldest first, then by id (ISO times and UUIDs compare alike as text in both databases and here). */
function byCreation(a: FileOrder, b: FileOrder): number {
  const [x, y] = [a.file_created_at ?? '', b.file_created_at ?? ''];
  if (x !== y) return x < y ? -1 : 1;
  const [i, j] = [a.file_id ?? '', b.file_id ?? ''];
  return i < j ? -1 : i > j ? 1 : 0;
}

/** The claim's progress columns and its files (oldest first), or undefined when there is no claim. */
export async function findClaimProgress(
  db: Db,
  sessionId: string,
): Promise<{ claim: ClaimProgressRow; files: ClaimFileRow[] } | undefined> {
  const { rows } = await progressQuery.execute(db, { sessionId });
  // Every row carries the claim's columns: the first row is the claim (its file columns unread).
  const claim: ClaimProgressRow | undefined = rows[0];
  if (claim === undefined) return undefined;
  const files = rows
    .filter((r) => r.file_id !== null)
    .sort(byCreation)
    .map((r): ClaimFileRow => ({
      id: r.file_id as string,
      kind: r.file_kind as ClaimFileRow['kind'],
      tax_year: r.file_tax_year as string,
      filename: r.file_filename as string,
      content_type: r.file_content_type as string,
      size: r.file_size as number,
    }));
  return { claim, files };
}

const TRACKING_COLUMNS = columnsOf<'onboarding_claims'>()(
  'affiliate_name',
  'utm_data',
  'full_url',
  'ip_address',
  'user_agent',
);
/** Where a claim came from: recorded when first known, never overwritten (attribution stays with the first visit). */
export type ClaimTracking = RowColumns<'onboarding_claims', typeof TRACKING_COLUMNS>;

/**
 * The snapshot columns with an index of their own. A column in an UPDATE's SET costs its index an
 * update even when its value stays the same, so a save leaves these out unless one changed.
 */
const INDEXED_SNAPSHOT_COLUMNS = [
  'full_name',
  'email',
  'mobile_number',
] as const satisfies readonly (typeof SNAPSHOT_COLUMNS)[number][];
type IndexedSnapshotColumns = RowColumns<'onboarding_claims', typeof INDEXED_SNAPSHOT_COLUMNS>;

/**
 * What a wizard save needs to know of the stored claim: revision, state, tracking, the phone it had,
 * and its indexed snapshot columns (to leave them out of the UPDATE when they stay the same).
 */
const SAVE_CHECK_COLUMNS = columnsOf<'onboarding_claims'>()(
  'revision',
  'status',
  'last_step_completed',
  ...INDEXED_SNAPSHOT_COLUMNS,
  ...TRACKING_COLUMNS,
);
export type ClaimSaveCheckRow = RowColumns<'onboarding_claims', typeof SAVE_CHECK_COLUMNS>;

const saveCheckQuery = prepareQuery((db, p) =>
  db.selectFrom('onboarding_claims').select(SAVE_CHECK_COLUMNS).where('session_id', '=', p('sessionId')),
);

export async function findClaimForSave(db: Db, sessionId: string): Promise<ClaimSaveCheckRow | undefined> {
  return (await saveCheckQuery.execute(db, { sessionId })).rows[0];
}

/** A per-step save also reads the stored answers it merges into, and when they were last checked. */
const STEP_SAVE_CHECK_COLUMNS = columnsOf<'onboarding_claims'>()(
  ...SAVE_CHECK_COLUMNS,
  'snapshot',
  'snapshot_version',
  'checked_on',
  'last_activity_at',
);
export type ClaimStepSaveCheckRow = RowColumns<'onboarding_claims', typeof STEP_SAVE_CHECK_COLUMNS>;

const stepSaveCheckQuery = prepareQuery((db, p) =>
  db.selectFrom('onboarding_claims').select(STEP_SAVE_CHECK_COLUMNS).where('session_id', '=', p('sessionId')),
);

export async function findClaimForStepSave(
  db: Db,
  sessionId: string,
): Promise<ClaimStepSaveCheckRow | undefined> {
  return (await stepSaveCheckQuery.execute(db, { sessionId })).rows[0];
}

export async function insertClaim(db: Db, row: NewRow<'onboarding_claims'>): Promise<void> {
  await db.insertInto('onboarding_claims').values(row).execute();
}

export interface SaveProgress extends WizardProgress {
  checked_on: string;
  last_activity_at: string;
  updated_at: string;
}

/** True when the stored claim lacks a tracking value this save knows. */
export function tracksSomethingNew(stored: ClaimTracking, known: ClaimTracking): boolean {
  return TRACKING_COLUMNS.some((c) => stored[c] === null && known[c] !== null);
}

// A wizard save writes the same columns every time, so its UPDATE is a prepared statement, in four
// forms. Tracking columns are only in the forms used while one is still unknown, and the indexed
// snapshot columns only in those used when one of them changed: a column in SET costs its index an
// update even when the value stays (tracking: about a third of the UPDATE's time; the three indexed
// snapshot columns: about a quarter of what remained, decision 027).
function saveUpdateQuery(form: { tracking: boolean; indexed: boolean }) {
  const columns = form.indexed
    ? SNAPSHOT_COLUMNS
    : SNAPSHOT_COLUMNS.filter((c) => !(INDEXED_SNAPSHOT_COLUMNS as readonly string[]).includes(c));
  return prepareQuery((db, p) =>
    db
      .updateTable('onboarding_claims')
      .set({
        ...paramsFor(columns, p),
        ...(form.tracking
          ? Object.fromEntries(
              TRACKING_COLUMNS.map((c) => [c, sql<string | null>`coalesce(${sql.ref(c)}, ${p(`new_${c}`)})`]),
            )
          : {}),
        current_step: p('current_step'),
        last_step_completed: p('last_step_completed'),
        checked_on: p('checked_on'),
        last_activity_at: p('last_activity_at'),
        updated_at: p('updated_at'),
        revision: p('nextRevision'),
      })
      .where('session_id', '=', p('sessionId'))
      .where('revision', '=', p('revision'))
      .where('status', '=', 'draft'),
  );
}
const saveUpdates = {
  plain: saveUpdateQuery({ tracking: false, indexed: false }),
  indexed: saveUpdateQuery({ tracking: false, indexed: true }),
  tracking: saveUpdateQuery({ tracking: true, indexed: false }),
  trackingAndIndexed: saveUpdateQuery({ tracking: true, indexed: true }),
};

/**
 * Optimistic write: only applies when the stored revision is still `revision` and the claim is a
 * draft. `tracking` (or null) fills tracking columns that are still empty, never overwriting one.
 * `stored` holds the indexed snapshot columns as read with that revision; those still the same are
 * not written again (the revision check makes sure they are the stored values).
 */
export async function updateClaimAtRevision(
  db: Db,
  sessionId: string,
  revision: number,
  changes: {
    columns: SnapshotColumns;
    progress: SaveProgress;
    tracking: ClaimTracking | null;
    stored: IndexedSnapshotColumns;
  },
): Promise<boolean> {
  const { currentStep, lastStepCompleted, ...times } = changes.progress;
  const params = {
    ...changes.columns,
    ...times,
    ...progressColumns({ currentStep, lastStepCompleted }),
    sessionId,
    revision,
    nextRevision: revision + 1,
  };
  const { tracking, stored } = changes;
  const indexed = INDEXED_SNAPSHOT_COLUMNS.some((c) => stored[c] !== changes.columns[c]);
  const result = tracking
    ? await (indexed ? saveUpdates.trackingAndIndexed : saveUpdates.tracking).execute(db, {
        ...params,
        ...Object.fromEntries(TRACKING_COLUMNS.map((c) => [`new_${c}`, tracking[c]])),
      })
    : await (indexed ? saveUpdates.indexed : saveUpdates.plain).execute(db, params);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** What a per-step save writes (issue 33): the changed sections, their derived columns, the progress. */
export interface DraftSectionsUpdate {
  sessionId: string;
  /** The revision the save was made against; the row is written only while it is still this. */
  revision: number;
  /** The `checked_on` the save's checks relied on ('' for none): a row checked since is not written. */
  checkedOn: string;
  /** Each changed section's JSON text, laid over the stored snapshot; null: `snapshot` is the whole. */
  sections: Partial<Record<SnapshotSection, string>> | null;
  snapshot: string | null;
  columns: Partial<SnapshotColumns>;
  progress: Omit<SaveProgress, 'last_activity_at'>;
  /** Written only when it is due (a draft's activity is recorded every few minutes, not every save). */
  lastActivityAt: string | null;
  tracking: ClaimTracking | null;
}

const SECTION_NAMES: ReadonlySet<string> = new Set(SNAPSHOT_SECTIONS);

/**
 * One UPDATE a shape (the sections, columns and optional parts it sets), prepared once: the stored
 * snapshot takes the changed sections in the database (SQLite's json_set, PostgreSQL's jsonb `||`),
 * so the unchanged ones are never read, parsed or sent back (issue 33).
 */
function draftSectionsQuery(dialect: DbDialect, shape: DraftShape) {
  const { sections, columns, activity, tracking } = shape;
  for (const s of sections ?? [])
    if (!SECTION_NAMES.has(s)) throw new Error(`draftSectionsQuery: unknown section '${s}'`);
  return prepareQuery((db, p) => {
    let snapshot: RawBuilder<string>;
    if (sections === null) snapshot = sql<string>`${p('snapshot')}`;
    else if (sections.length === 0) snapshot = sql<string>`snapshot`;
    else if (dialect === 'postgres')
      snapshot = sql<string>`(cast(snapshot as jsonb) || cast(${p('sections')} as jsonb))::text`;
    else
      snapshot = sql<string>`json_set(snapshot, ${sql.join(
        sections.map((s) => sql`${sql.lit(`$.${s}`)}, json(${p(`s_${s}`)})`),
      )})`;
    return db
      .updateTable('onboarding_claims')
      .set({
        ...paramsFor(columns, p),
        snapshot,
        snapshot_version: p('snapshot_version'),
        ...(tracking
          ? Object.fromEntries(
              TRACKING_COLUMNS.map((c) => [c, sql<string | null>`coalesce(${sql.ref(c)}, ${p(`new_${c}`)})`]),
            )
          : {}),
        ...(activity ? { last_activity_at: p('last_activity_at') } : {}),
        current_step: p('current_step'),
        last_step_completed: p('last_step_completed'),
        checked_on: p('checked_on'),
        updated_at: p('updated_at'),
        revision: p('nextRevision'),
      })
      .where('session_id', '=', p('sessionId'))
      .where('revision', '=', p('revision'))
      .where('status', '=', 'draft')
      .where(sql<string>`coalesce(checked_on, '')`, '=', p('storedCheckedOn'));
  });
}

interface DraftShape {
  sections: readonly SnapshotSection[] | null;
  columns: readonly (keyof SnapshotColumns)[];
  activity: boolean;
  tracking: boolean;
}

const draftSectionsQueries = new Map<string, ReturnType<typeof draftSectionsQuery>>();

/**
 * A per-step save's one statement: writes only while the claim is a draft at `revision` and checked
 * on `checkedOn`. False when it touched no row (gone, stale, submitted, or checked since).
 */
export async function updateDraftSections(
  db: Db,
  dialect: DbDialect,
  update: DraftSectionsUpdate,
): Promise<boolean> {
  const sections = update.sections === null ? null : (Object.keys(update.sections) as SnapshotSection[]);
  const columns = Object.keys(update.columns) as (keyof SnapshotColumns)[];
  const shape: DraftShape = {
    sections,
    columns,
    activity: update.lastActivityAt !== null,
    tracking: update.tracking !== null,
  };
  const key = `${dialect} ${sections?.join(',') ?? '*'} ${columns.join(',')} ${shape.activity} ${shape.tracking}`;
  let query = draftSectionsQueries.get(key);
  if (query === undefined) {
    query = draftSectionsQuery(dialect, shape);
    draftSectionsQueries.set(key, query);
  }
  // Assigned one by one, not spread: spreading three objects into one made a slow dictionary of
  // it, on every save (the prepared query then reads each of its values by name).
  const { currentStep, lastStepCompleted, checked_on, updated_at } = update.progress;
  const params: Record<string, unknown> = {};
  for (const c of columns) params[c] = update.columns[c];
  const stored = progressColumns({ currentStep, lastStepCompleted });
  params.checked_on = checked_on;
  params.updated_at = updated_at;
  params.current_step = stored.current_step;
  params.last_step_completed = stored.last_step_completed;
  params.snapshot_version = WIZARD_SNAPSHOT_VERSION;
  params.sessionId = update.sessionId;
  params.revision = update.revision;
  params.nextRevision = update.revision + 1;
  params.storedCheckedOn = update.checkedOn;
  if (update.sections === null) params.snapshot = update.snapshot;
  else if (dialect === 'postgres')
    params.sections = `{${sections!.map((s) => `${JSON.stringify(s)}:${update.sections![s]!}`).join(',')}}`;
  else for (const s of sections!) params[`s_${s}`] = update.sections[s];
  if (update.lastActivityAt !== null) params.last_activity_at = update.lastActivityAt;
  if (update.tracking) for (const c of TRACKING_COLUMNS) params[`new_${c}`] = update.tracking[c];
  const result = await query.execute(db, params);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Changes a claim while it is still a draft; false once it is not. Final submission passes
 * `bumpRevision`: it applies once whatever the revision (a late autosave must not block it), and
 * moves the revision on so that autosave is then refused.
 */
export async function updateDraftClaim(
  db: Db,
  sessionId: string,
  changes: RowUpdate<'onboarding_claims'>,
  { bumpRevision = false }: { bumpRevision?: boolean } = {},
): Promise<boolean> {
  let update = db.updateTable('onboarding_claims').set(changes);
  if (bumpRevision) update = update.set((eb) => ({ revision: eb('revision', '+', 1) }));
  const result = await update
    .where('session_id', '=', sessionId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const claimFilesQuery = prepareQuery((db, p) =>
  db
    .selectFrom('stored_files')
    .selectAll()
    .where('session_id', '=', p('sessionId'))
    .where('claim_kind', '=', 'onboarding')
    .orderBy('created_at')
    .orderBy('id'),
);

export async function listClaimFiles(db: Db, sessionId: string): Promise<Row<'stored_files'>[]> {
  return (await claimFilesQuery.execute(db, { sessionId })).rows;
}

export function findClaimFile(
  db: Db,
  sessionId: string,
  fileId: string,
): Promise<Row<'stored_files'> | undefined> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('session_id', '=', sessionId)
    .where('claim_kind', '=', 'onboarding')
    .executeTakeFirst();
}
