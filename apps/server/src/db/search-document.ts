import { GENERAL_REFERENCE_PREFIX } from '@taxback/domain/reference';

// Issue 45: what an operator's search looks in, per claim, as one lower-case text: the name, the
// email, the reference without its spaces and hyphens ('tb4k79mx2qh', 'gen-' read from the id for
// a general claim made before references, decision 053), the phone's digits and the phone as typed.
// On PostgreSQL a trigram index (pg_trgm, migration 039) is built on exactly this expression, and
// the search's LIKEs are written on it, so the planner uses the index for any term of 3 or more
// characters. Fields are joined by the unit separator (U+001F), which a search term never holds
// (the list's query refuses control characters with a 400). Every function here is immutable, as an index
// expression must be; nothing is a parameter; the same SQL runs on SQLite.

const JOIN = `|| '\u001f' ||`;

function documentOf(reference: string): string {
  return [
    `lower(coalesce(full_name, ''))`,
    `lower(coalesce(email, ''))`,
    `replace(replace(lower(${reference}), ' ', ''), '-', '')`,
    `replace(replace(coalesce(phone, ''), ' ', ''), '-', '')`,
    `lower(coalesce(phone, ''))`,
  ].join(` ${JOIN} `);
}

/** The search document of a general claim (form_responses), as SQL text. */
export const GENERAL_SEARCH_DOCUMENT = documentOf(
  `coalesce(reference, '${GENERAL_REFERENCE_PREFIX}' || upper(substr(id, 1, 8)))`,
);

/** The search document of a mileage claim (onboarding_claims), as SQL text. */
export const MILEAGE_SEARCH_DOCUMENT = documentOf(`coalesce(submission_reference, '')`);

/**
 * SQLite's search index (migration 050, decision 089): per claim table, its document and the
 * columns it is made of (an update of any of them writes the document again).
 */
export const SQLITE_SEARCH_TABLES = [
  {
    table: 'form_responses',
    document: GENERAL_SEARCH_DOCUMENT,
    columns: ['full_name', 'email', 'phone', 'reference'],
  },
  {
    table: 'onboarding_claims',
    document: MILEAGE_SEARCH_DOCUMENT,
    columns: ['full_name', 'email', 'phone', 'submission_reference'],
  },
] as const;
