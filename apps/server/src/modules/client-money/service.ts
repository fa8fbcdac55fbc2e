import { createBankDetails } from './bank-details.ts';
import { createClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { createMoneyOut } from './money-out.ts';
import { createNominations, type Nominations } from './nomination.ts';
import { createPayouts } from './payouts.ts';
import { createReceipt } from './receipt.ts';
import { createReconciliation } from './reconciliation.ts';

// D41 with D29 (issue 47, decisions 075 and 076): client money under a nomination. receipt.ts posts
// HMRC's money and the fee, money-out.ts refunds to HMRC and write-offs, bank-details.ts keeps the
// claimant's checked account, nomination.ts the claimant's signed nomination, payouts.ts lists,
// files and makes the payouts, reconciliation.ts reports a period; context.ts holds what they share.

export function createClientMoney(deps: ClientMoneyDeps) {
  // The panel lists the case's nominations; the nominations save bank details, which answer with
  // the panel: the panel reads them through this reference, set just below.
  const late: { nominations?: Nominations } = {};
  const context = createClientMoneyContext(deps, async (caseId) => late.nominations?.records(caseId) ?? []);
  const bankDetails = createBankDetails(deps, context);
  const nominations = createNominations(deps, bankDetails);
  late.nominations = nominations;
  const moneyOut = createMoneyOut(deps, context);
  return {
    async clientMoneyOf(id: string) {
      return context.panel(await deps.find(id));
    },
    recordReceipt: createReceipt(deps, context),
    refund: moneyOut('refund'),
    writeOff: moneyOut('write-off'),
    saveBankDetails: bankDetails.saveByOperator,
    /** D29 (decision 076): the claimant's nomination and bank details on the status page. */
    nominations,
    ...createPayouts(deps, context),
    ...createReconciliation(deps, context),
  };
}
export type ClientMoney = ReturnType<typeof createClientMoney>;
