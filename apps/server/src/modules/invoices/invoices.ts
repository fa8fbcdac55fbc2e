import { invoiceDocumentOf, ukIsoDate } from '@taxback/domain';
import type { Row } from '../../db/database.ts';
import { caseInvoiceRow, invoiceRecordOf } from '../../db/invoices.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import { NotFoundError } from '../../errors.ts';
import { createInvoiceChanges } from './invoice-changes.ts';
import { createInvoiceContext, type InvoiceDeps, type InvoiceSettings } from './invoice-context.ts';
import { createInvoiceIssue } from './invoice-issue.ts';
import { caseIdOf } from '../shared/found-claim.ts';

// D41 (issue 47): without a nomination HMRC repays the claimant and we invoice our fee: one invoice
// per case (migration 043). invoice-issue.ts issues it, invoice-changes.ts records what follows,
// invoice-context.ts holds what they share; here, the PDF and the operations together.

export type { InvoiceSettings };

/** The PDF of a stored invoice, for operators and for the signed-in claimant alike. */
export async function invoicePdfOf(
  row: Row<'invoices'>,
  deps: { documents: DocumentRenderer; settings: InvoiceSettings; today: string },
) {
  const document = invoiceDocumentOf(invoiceRecordOf(row), {
    issuer: deps.settings.issuer,
    reference: row.reference,
    issuedAt: row.created_at,
    today: deps.today,
  });
  const pdf = await deps.documents.invoice(document);
  return { pdf, filename: `invoice-${document.number}.pdf` };
}

/** The claim page's invoice operations, named as the claims service answers them. */
export function createInvoices(deps: InvoiceDeps) {
  const context = createInvoiceContext(deps);
  const changes = createInvoiceChanges(deps, context);
  return {
    invoicePanel: context.panel,
    issueInvoice: createInvoiceIssue(deps, context),
    recordInvoicePayment: changes.recordPayment,
    writeOffInvoice: changes.writeOff,
    creditInvoice: changes.credit,
    async invoicePdf(operatorId: string, id: string) {
      const found = await deps.find(id);
      const row = await caseInvoiceRow(deps.db, caseIdOf(found));
      if (!row) throw new NotFoundError('This case has no invoice yet.');
      await deps.audit.record({
        actor: operatorId,
        action: 'invoice-downloaded',
        entity: 'claim',
        entityId: id,
      });
      return invoicePdfOf(row, {
        documents: deps.documents,
        settings: deps.invoicing,
        today: ukIsoDate(deps.now()),
      });
    },
  };
}
