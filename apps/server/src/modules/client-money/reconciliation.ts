import { ledgerBalancesOf, receivedPenceOf, type LedgerEntry } from '@taxback/domain';
import type { Reconciliation, ReconciliationQuery } from '@taxback/domain/client-money-schemas';
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../http/csv-cells.ts';
import type { ClientMoneyContext, ClientMoneyDeps } from './context.ts';
import { ledgerNet } from './repository.ts';
import { caseReferenceOf } from './receipt.ts';

// D41 (issue 47): the reconciliation of a period: per case, what was received, kept as fee, paid
// out, refunded and written off in it, and what is held at its end; the totals; and the whole
// ledger's net, zero while every posting balanced. A case whose claimant has been paid is at zero.

export function createReconciliation(deps: ClientMoneyDeps, context: ClientMoneyContext) {
  const { db } = deps;

  const entriesOf = async (from: string | null, to: string): Promise<LedgerEntry[]> => {
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_postings as p', 'p.id', 'e.posting_id')
      .select(['e.case_id', 'e.account', (eb) => eb.fn.sum<string | number>('e.pence').as('pence')])
      .where('p.posted_on', '<=', to);
    if (from) query = query.where('p.posted_on', '>=', from);
    const rows = await query.groupBy(['e.case_id', 'e.account']).execute();
    return rows.map((r) => ({ caseId: r.case_id, account: r.account, pence: Number(r.pence) }));
  };

  async function reconcile(query: ReconciliationQuery): Promise<Reconciliation> {
    const today = context.today();
    const to = query.to ?? today;
    const from = query.from ?? `${to.slice(0, 8)}01`;
    const inPeriod = ledgerBalancesOf(await entriesOf(from, to));
    const atEnd = ledgerBalancesOf(await entriesOf(null, to));
    const caseIds = [
      ...new Set([
        ...inPeriod.cases.keys(),
        ...[...atEnd.cases].filter(([, b]) => b.held !== 0).map(([id]) => id),
      ]),
    ].sort();
    const none = ledgerBalancesOf([]).totals;
    const figures = (id: string | null) => {
      const moved = (id === null ? inPeriod.totals : inPeriod.cases.get(id)) ?? none;
      return {
        receivedPence: receivedPenceOf(moved),
        feePence: moved['fee-income'],
        paidOutPence: moved['paid-out'],
        refundedPence: moved.refunded,
        writtenOffPence: moved['written-off'],
        heldPence: ((id === null ? atEnd.totals : atEnd.cases.get(id)) ?? none).held,
      };
    };
    const cases = [];
    for (const caseId of caseIds) {
      const reference = caseReferenceOf(await deps.find(caseId));
      cases.push({ caseId, claimId: caseId, reference, ...figures(caseId) });
    }
    return {
      from,
      to,
      cases,
      totals: figures(null),
      ledgerNetPence: await ledgerNet(db),
      csvUrl: `/api/admin/client-money/reconciliation.csv?from=${from}&to=${to}`,
    };
  }

  /** The same as a CSV: a row per case, the totals, and the ledger's net. */
  async function reconciliationCsv(operatorId: string, query: ReconciliationQuery) {
    const r = await reconcile(query);
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    const row = (label: string, f: Reconciliation['totals']) =>
      [
        label,
        f.receivedPence,
        f.feePence,
        f.paidOutPence,
        f.refundedPence,
        f.writtenOffPence,
        f.heldPence,
      ].map((v) => (typeof v === 'number' ? pounds(v) : neutraliseCell(v)));
    const csv = stringify(
      [
        [
          'Case reference',
          'Received from HMRC',
          'Fee kept',
          'Paid out',
          'Refunded',
          'Written off',
          `Held on ${r.to}`,
        ],
        ...r.cases.map((c) => row(c.reference, c)),
        row('Total', r.totals),
        ['Ledger net (0 when balanced)', pounds(r.ledgerNetPence)],
      ],
      { record_delimiter: '\r\n' },
    );
    await deps.audit.record({
      actor: operatorId,
      action: 'reconciliation-downloaded',
      entity: 'report',
      entityId: `${r.from}..${r.to}`,
      detail: { from: r.from, to: r.to, cases: r.cases.length },
    });
    return { csv, filename: `client-money-${r.from}-to-${r.to}.csv` };
  }

  return { reconcile, reconciliationCsv };
}
