import { createBankDetails } from './bank-details.ts';
import { createClientMoneyContext, type ClientMoneyDeps } from './context.ts';
import { createMoneyOut } from './money-out.ts';
import { createPayouts } from './payouts.ts';
import { createReceipt } from './receipt.ts';
import { createReconciliation } from './reconciliation.ts';

// D41 with D29 (issue 47, decision 075): client money under a nomination. receipt.ts posts HMRC's
// money and the fee, money-out.ts refunds to HMRC and write-offs, bank-details.ts keeps the
// claimant's checked account, payouts.ts lists, files and makes the payouts, reconciliation.ts
// reports a period; context.ts holds what they share.

export function createClientMoney(deps: ClientMoneyDeps) {
  const context = createClientMoneyContext(deps);
  const bankDetails = createBankDetails(deps, context);
  return {
    async clientMoneyOf(id: string) {
      return context.panel(await deps.find(id));
    },
    recordReceipt: createReceipt(deps, context),
    refund: createMoneyOut(deps, context)('refund'),
    writeOff: createMoneyOut(deps, context)('write-off'),
    saveBankDetails: bankDetails.saveByOperator,
    /** The claimant's own entry of their bank details (the status page, D29). */
    saveClaimantBankDetails: bankDetails.save,
    ...createPayouts(deps, context),
    ...createReconciliation(deps, context),
  };
}
export type ClientMoney = ReturnType<typeof createClientMoney>;
