import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../errors.ts';
import { routeSchema } from '../../http/contract.ts';
import { sendDownload } from '../../http/downloads.ts';
import { operatorContext } from '../operators/index.ts';
import type { ClientMoney } from './service.ts';

// D41 (issue 47): the client-money routes under /api/admin: a claim's panel, HMRC's money received,
// refunds to HMRC and write-offs (an admin's), and the bank details (the claim's owner or an admin), the day's payouts and their file, a payout
// made, the reconciliation and its CSV (admins). Each declares its contract entry, whose access
// the guard checks before anything else.

const recordId = (params: { id: string }): string => {
  if (!UUID_PATTERN.test(params.id)) throw new NotFoundError();
  return params.id.toLowerCase();
};

export async function clientMoneyRoutes(base: FastifyInstance, opts: { clientMoney: ClientMoney }) {
  const { clientMoney } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const who = (request: Parameters<typeof operatorContext>[0]) => {
    const { id, role } = operatorContext(request).operator;
    return { id, role };
  };
  const csv = (reply: FastifyReply, file: { csv: string; filename: string }) =>
    sendDownload(reply, { type: 'csv', filename: file.filename, body: file.csv });

  app.get('/claims/:id/client-money', { schema: routeSchema('getClaimClientMoney') }, async (request) =>
    clientMoney.clientMoneyOf(recordId(request.params)),
  );
  const receiptOptions = { schema: routeSchema('recordClientMoneyReceipt') };
  app.post('/claims/:id/client-money/receipts', receiptOptions, async (request) =>
    clientMoney.recordReceipt(who(request), recordId(request.params), request.body),
  );
  app.post(
    '/claims/:id/client-money/refunds',
    { schema: routeSchema('refundClientMoney') },
    async (request) => clientMoney.refund(who(request), recordId(request.params), request.body),
  );
  const writeOffOptions = { schema: routeSchema('writeOffClientMoney') };
  app.post('/claims/:id/client-money/write-offs', writeOffOptions, async (request) =>
    clientMoney.writeOff(who(request), recordId(request.params), request.body),
  );
  app.put('/claims/:id/bank-details', { schema: routeSchema('saveClaimBankDetails') }, async (request) =>
    clientMoney.saveBankDetails(who(request), recordId(request.params), request.body),
  );

  app.get('/client-money/payouts', { schema: routeSchema('payoutDay') }, async (request) =>
    clientMoney.payoutDay(request.query.day),
  );
  app.get('/client-money/payouts.csv', { schema: routeSchema('payoutFile') }, async (request, reply) =>
    csv(reply, await clientMoney.payoutFile(who(request).id, request.query.day)),
  );
  app.post('/client-money/payouts/:id/made', { schema: routeSchema('markPayoutMade') }, async (request) =>
    clientMoney.markMade(who(request).id, recordId(request.params), request.body),
  );
  const reconciliationOptions = { schema: routeSchema('clientMoneyReconciliation') };
  app.get('/client-money/reconciliation', reconciliationOptions, async (request) =>
    clientMoney.reconcile(request.query),
  );
  const reconciliationCsvOptions = { schema: routeSchema('clientMoneyReconciliationCsv') };
  app.get('/client-money/reconciliation.csv', reconciliationCsvOptions, async (request, reply) =>
    csv(reply, await clientMoney.reconciliationCsv(who(request).id, request.query)),
  );
}
