import type { Kysely } from 'kysely';
import {
  caseMoneyOf,
  currentYearAnswers,
  invoiceAmountsOf,
  INVOICE_MESSAGES,
  invoiceViewOf,
  ukIsoDate,
  type FeeSettings,
  type InvoiceIssuer,
} from '@taxback/domain';
import type { OperatorInvoice } from '@taxback/domain/invoice-schemas';
import type { Database } from '../../db/database.ts';
import { caseChargedFees, caseYearAnswerRows, yearAnswerOfRow } from '../../db/case-year-answers.ts';
import { caseInvoiceRow, invoicePayments, invoiceRecordOf } from '../../db/invoices.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { AuditLog } from '../operators/index.ts';
import type { ClaimOwnership } from '../shared/claim-access.ts';
import type { Found } from '../shared/found-claim.ts';
import { caseIdOf } from '../shared/found-claim.ts';

// D41 (issue 47): what every invoice operation shares: its dependencies, the amounts HMRC's
// current answers allow and the claim page's panel, which each operation answers with.

/** Our details, the way to pay and the days an invoice is due in (config.invoicing). */
export interface InvoiceSettings {
  issuer: InvoiceIssuer;
  dueDays: number;
}

export interface InvoiceDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  fees: FeeSettings;
  invoicing: InvoiceSettings;
  notices: ClaimNotices;
  documents: DocumentRenderer;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
}

export function createInvoiceContext(deps: InvoiceDeps) {
  const { db, now } = deps;
  const today = () => ukIsoDate(now());
  const payTo = deps.invoicing.issuer.payTo;

  /** What HMRC's current answers allow: the amounts to invoice, or why there is nothing to. */
  async function amountsOf(caseId: string) {
    const answers = currentYearAnswers((await caseYearAnswerRows(db, caseId)).map(yearAnswerOfRow));
    return invoiceAmountsOf(caseMoneyOf(answers, await caseChargedFees(db, caseId, deps.fees)));
  }

  /** The claim page's panel: the case's invoice with its payments, or why none can be issued. */
  async function panel(found: Found): Promise<OperatorInvoice> {
    const caseId = caseIdOf(found);
    const row = await caseInvoiceRow(db, caseId);
    if (!row) {
      const amounts = await amountsOf(caseId);
      return { invoice: null, notIssuable: 'refused' in amounts ? amounts.refused : null };
    }
    return {
      invoice: {
        ...invoiceViewOf(invoiceRecordOf(row), today(), payTo),
        payments: await invoicePayments(db, row.id),
        pdfUrl: `/api/admin/claims/${found.row.id}/invoice.pdf`,
      },
      notIssuable: INVOICE_MESSAGES.exists,
    };
  }

  return { today, amountsOf, panel };
}
export type InvoiceContext = ReturnType<typeof createInvoiceContext>;
