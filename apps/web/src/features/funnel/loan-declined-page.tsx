import { useNavigate } from 'react-router';
import { CONTENT } from '@taxback/domain/content';
import { formatMoney } from '@taxback/domain/money';
import { Container } from '../../components/ui/container.tsx';
import { Button } from '../../components/ui/button.tsx';
import { feeHeadline } from '../../components/authority/fee-note.tsx';
import { useFeeSettings } from '../../lib/settings.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { paths } from '../../lib/paths.ts';

/** D1: the not-eligible-for-loan page — a tax-refund pitch that sends the visitor to '/'. */
export function LoanDeclinedPage() {
  const navigate = useNavigate();
  usePageTitle("We couldn't offer you a loan, but you could still be owed money");
  const fee = useFeeSettings();
  return (
    <Container width="narrow" className="py-10">
      <h1 className="mb-4 text-3xl">We couldn&apos;t offer you a loan, but you could still be owed money</h1>
      <p className="mb-4 text-lg">
        Most UK taxpayers don&apos;t know they could be owed a refund. If you pay for work expenses like
        mileage, uniforms or professional fees, HMRC may owe you tax back — the average claim is around{' '}
        {formatMoney(CONTENT.averageClaim)}.
      </p>
      <ul className="mb-6 list-disc space-y-1 pl-6">
        <li>{feeHeadline(fee)}</li>
        <li>Claims can cover the current tax year and the four before it</li>
        <li>HMRC usually repays within {CONTENT.refundWeeks}</li>
      </ul>
      <Button onClick={() => void navigate(paths.home.getHref())}>Check If You Qualify Now</Button>
    </Container>
  );
}
