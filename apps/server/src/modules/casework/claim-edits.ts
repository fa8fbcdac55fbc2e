import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { endedBeforeYear, maskNiNumber, summariseClaim } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import {
  editLabel,
  formatEditValue,
  type ClaimEdit,
  type ClaimEditRequest,
} from '@taxback/domain/claim-edit-schemas';
import type { DateParts, GeneralDetails } from '@taxback/domain';
import { decryptField, encryptField, niNumberKey } from '../../crypto/index.ts';
import { personKeyOf } from '../../crypto/hash.ts';
import { readStoredDetails } from '../claims/index.ts';
import type { Database, Row, RowUpdate } from '../../db/database.ts';
import { fromJsonText, nowIso, toJsonText } from '../../db/values.ts';
import { ValidationError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import { readSnapshot, snapshotColumns } from '../onboarding/index.ts';
import type { AuditLog } from '../operators/index.ts';
import { claimKindOf, readinessMissingOf, readinessOf, workflowOf, type Found } from './claim-view.ts';
import { assertMayChangeClaim, type ClaimActor, type ClaimOwnership } from '../shared/claim-access.ts';
import { checkMayChange, staleConflict } from './claim-workflow.ts';

// D32 (issue 28): an operator completes or corrects one answer that does not change the amount,
// with a reason. The claim's version moves on (a copy opened before is stale), the old and new
// values go into claim_field_edits, the change is audited once and the claimant is told.

type Db = Kysely<Database>;

/** What one edit writes: the claim's new columns and the answer before and after (JSON text). */
interface Applied {
  set: RowUpdate<'onboarding_claims'> | RowUpdate<'form_responses'>;
  oldValue: string | null;
  newValue: string | null;
  employmentIndex: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function unchanged(): never {
  throw new ValidationError({ value: 'Enter a different value: the claim already holds this one' });
}

/** The personal and employment columns a mileage claim keeps beside its snapshot. */
function mileageColumns(snapshot: WizardSnapshot): RowUpdate<'onboarding_claims'> {
  const c = snapshotColumns(snapshot, summariseClaim(snapshot));
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    full_name: c.full_name,
    home_address: c.home_address,
    postcode: c.postcode,
    employer_name: c.employer_name,
    snapshot: c.snapshot,
    snapshot_version: c.snapshot_version,
    // D38: a corrected name, date of birth or postcode is the person's key too (migration 035).
    person_key: personKeyOf(snapshot.personalInfo),
  };
}

/** D25/D21: an end date may not leave business miles in a year that began after the job ended. */
function checkEndDate(snapshot: WizardSnapshot, edit: Extract<ClaimEdit, { field: 'employmentEnd' }>) {
  const end = { continuing: edit.value.continuing, endDate: edit.value.endDate };
  const year = snapshot.taxYears.find(
    (t) =>
      t.selected &&
      t.jobs.some((j) => j.employmentId === edit.employmentId && j.businessMiles > 0) &&
      endedBeforeYear(end, t.year),
  );
  if (year)
    throw new ValidationError({
      'value.endDate': `The claim has business miles for this job in ${year.year}, so it cannot have ended before ${year.year} began: ask the claimant to amend their claim`,
    });
}

function applyToEmployment(snapshot: WizardSnapshot, edit: Extract<ClaimEdit, { employmentId: string }>) {
  const index = snapshot.employments.findIndex((e) => e.id === edit.employmentId);
  const job = snapshot.employments[index];
  if (!job) throw new ValidationError({ employmentId: 'Select an employment of this claim' });
  let before: unknown;
  if (edit.field === 'employmentEnd') {
    before = { continuing: job.continuing, endDate: job.endDate };
    checkEndDate(snapshot, edit);
    job.continuing = edit.value.continuing;
    job.endDate = edit.value.endDate;
  } else if (edit.field === 'payeReference') {
    before = job.noPayeReference ? null : job.payeReference;
    job.payeReference = edit.value;
    job.noPayeReference = false;
  } else {
    before = job[edit.field];
    job[edit.field] = edit.value;
  }
  return { before, index };
}

function applyToMileage(
  row: Row<'onboarding_claims'>,
  edit: ClaimEdit,
  keys: EditKeys,
  /** Issue 42: the case's funnel claim details, for the stored count's Self Assessment years. */
  caseDetails: GeneralDetails | null,
): Applied {
  if (edit.field === 'niNumber') {
    const before = row.admin_ni_number ? decryptField(row.admin_ni_number, keys.dataKey) : null;
    if (before === edit.value) unchanged();
    return {
      set: {
        admin_ni_number: encryptField(edit.value, keys.dataKey),
        ni_key: niNumberKey(edit.value, keys.signingKey),
        // Migration 019's count, kept true so the queues never read the snapshot (decision 049).
        readiness_missing: readinessMissingOf(
          row,
          readSnapshot(row.snapshot, row.snapshot_version),
          true,
          caseDetails,
        ),
      },
      // Never in plain text, in the history as on the claim.
      oldValue: before === null ? null : encryptField(JSON.stringify(before), keys.dataKey),
      newValue: encryptField(JSON.stringify(edit.value), keys.dataKey),
      employmentIndex: null,
    };
  }
  const snapshot = structuredClone(readSnapshot(row.snapshot, row.snapshot_version));
  const p = snapshot.personalInfo;
  let before: unknown;
  let employmentIndex: number | null = null;
  if (edit.employmentId !== null) {
    const done = applyToEmployment(snapshot, edit);
    before = done.before;
    employmentIndex = done.index;
  } else if (edit.field === 'address') {
    before = { homeAddress: p.homeAddress, postcode: p.postcode };
    p.homeAddress = edit.value.homeAddress;
    p.postcode = edit.value.postcode;
  } else {
    before = p[edit.field];
    p[edit.field] = edit.value as never;
  }
  if (same(before, edit.value)) unchanged();
  return {
    set: {
      ...mileageColumns(snapshot),
      readiness_missing: readinessMissingOf(row, snapshot, row.admin_ni_number !== null, caseDetails),
    },
    oldValue: toJsonText(before),
    newValue: toJsonText(edit.value),
    employmentIndex,
  };
}

function applyToGeneral(row: Row<'form_responses'>, edit: ClaimEdit): Applied {
  if (edit.field !== 'firstName' && edit.field !== 'lastName')
    throw new ValidationError({ field: 'A general claim does not hold this detail' });
  const first = edit.field === 'firstName' ? edit.value : row.first_name;
  const last = edit.field === 'lastName' ? edit.value : row.last_name;
  const before = edit.field === 'firstName' ? row.first_name : row.last_name;
  if (before === edit.value) unchanged();
  // D38: the details' names win over the claim form's (p87InputOfGeneralDetails), so the key too.
  const person = readStoredDetails(row.details)?.details.personalInfo;
  return {
    set: {
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`.trim(),
      ...(person
        ? {
            person_key: personKeyOf({
              firstName: person.firstName || first,
              lastName: person.lastName || last,
              dateOfBirth: person.dateOfBirth,
              postcode: person.postcode,
            }),
          }
        : {}),
    },
    oldValue: toJsonText(before),
    newValue: toJsonText(edit.value),
    employmentIndex: null,
  };
}

interface EditKeys {
  dataKey: Buffer;
  signingKey: Buffer;
}

export function createClaimEdits(deps: {
  db: Db;
  audit: AuditLog;
  notices: ClaimNotices;
  keys: EditKeys;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}) {
  const { db, audit, now, find } = deps;
  return {
    /** One answer completed or corrected: exactly one history row and one audit event (D32). */
    async editDetails(actor: ClaimActor, id: string, request: ClaimEditRequest) {
      const operatorId = actor.id;
      const found = await find(id);
      assertMayChangeClaim(actor, await deps.ownership(found), 'edit');
      checkMayChange(operatorId, found, request.version);
      const { edit } = request;
      const applied =
        found.kind === 'general'
          ? applyToGeneral(found.row, edit)
          : applyToMileage(
              found.row,
              edit,
              deps.keys,
              found.caseMate?.kind === 'general' ? found.caseMate.details : null,
            );
      const label = editLabel(edit.field, applied.employmentIndex);
      const at = nowIso(now());
      const editId = randomUUID();
      const kind = claimKindOf(found.kind);
      const won = await db.transaction().execute(async (trx) => {
        const table = found.kind === 'general' ? 'form_responses' : 'onboarding_claims';
        const result = await trx
          .updateTable(table)
          .set({
            ...applied.set,
            version: found.version + 1,
            updated_at: at,
            last_action_at: at,
          })
          .where('id', '=', id)
          .where('version', '=', found.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('claim_field_edits')
          .values({
            id: editId,
            claim_kind: kind,
            claim_id: id,
            field: edit.field,
            employment_id: edit.employmentId,
            label,
            old_value: applied.oldValue,
            new_value: applied.newValue,
            reason: request.reason,
            operator_id: operatorId,
            version: found.version + 1,
            created_at: at,
          })
          .execute();
        await audit.record(
          {
            actor: operatorId,
            action: 'claim-details-corrected',
            entity: 'claim',
            entityId: id,
            detail: { field: edit.field, label },
          },
          trx,
        );
        await deps.notices.detailsCorrected(trx, { claimKind: kind, claimId: id, editId });
        return true;
      });
      if (!won) throw staleConflict(await find(id));
      const latest = await find(id);
      return { id: editId, workflow: workflowOf(latest), readiness: readinessOf(latest) };
    },
  };
}

export type ClaimEdits = ReturnType<typeof createClaimEdits>;

/** The history of a claim's details as operators read it: values formatted, an NI number masked. */
export function editsForDisplay(
  rows: Array<{
    id: string;
    field: string;
    label: string;
    old_value: string | null;
    new_value: string | null;
    reason: string;
    created_at: string;
    operator: string | null;
  }>,
  dataKey: Buffer,
) {
  const shown = (field: string, stored: string | null) => {
    if (stored === null) return null;
    if (field !== 'niNumber') return formatEditValue(field, fromJsonText<unknown>(stored, null));
    const ni = fromJsonText<string | null>(decryptField(stored, dataKey), null);
    return ni === null ? null : maskNiNumber(ni);
  };
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    label: r.label,
    oldValue: shown(r.field, r.old_value),
    newValue: shown(r.field, r.new_value),
    reason: r.reason,
    operator: r.operator,
    createdAt: r.created_at,
  }));
}

type EditRow = { field: string; employment_id: string | null; old_value: string | null; created_at: string };

/** A mileage snapshot with one stored edit undone (its old value put back). */
function undoOnSnapshot(snapshot: WizardSnapshot, e: EditRow): void {
  const old = fromJsonText<unknown>(e.old_value, null);
  const p = snapshot.personalInfo;
  const job = snapshot.employments.find((j) => j.id === e.employment_id);
  const text = typeof old === 'string' ? old : '';
  if (e.field === 'firstName' || e.field === 'lastName') p[e.field] = text;
  else if (e.field === 'dateOfBirth' && old) p.dateOfBirth = old as DateParts;
  else if (e.field === 'address' && old) Object.assign(p, old);
  else if (job && e.field === 'payeReference') {
    job.payeReference = text;
    job.noPayeReference = old === null;
  } else if (job && (e.field === 'employerName' || e.field === 'jobTitle')) job[e.field] = text;
  else if (job && e.field === 'employmentEnd' && old) Object.assign(job, old);
}

/**
 * D15/D32: the claim as the claimant signed it, with the operators' later corrections undone
 * (newest first), so a completed PAYE reference is not "a signed field changed after signing".
 */
export function asSigned(found: Found, edits: readonly EditRow[]): Found {
  const signedAt = found.row.signed_at;
  const later = edits.filter((e) => signedAt !== null && e.created_at >= signedAt).reverse();
  if (later.length === 0) return found;
  if (found.kind === 'general') {
    const row = { ...found.row };
    for (const e of later) {
      const old = fromJsonText<unknown>(e.old_value, null);
      if (e.field === 'firstName' && typeof old === 'string') row.first_name = old;
      if (e.field === 'lastName' && typeof old === 'string') row.last_name = old;
    }
    return { ...found, row };
  }
  const snapshot = structuredClone(readSnapshot(found.row.snapshot, found.row.snapshot_version));
  for (const e of later) undoOnSnapshot(snapshot, e);
  return { ...found, row: { ...found.row, snapshot: JSON.stringify(snapshot) } };
}
