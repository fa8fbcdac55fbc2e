import { CONTENT } from '@taxback/domain/content';
import { formatMoney } from '@taxback/domain/money';
import { Container } from '../../components/ui/container.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { QualificationQuestion } from './components/qualification-question.tsx';
import { useQualification } from './hooks/use-qualification.ts';

/** D1: the compact claim start for ad traffic — the qualification question on its own. */
export function StartClaimPage() {
  const { answer, answerYes, answerNo } = useQualification();
  usePageTitle('Start your claim');
  return (
    <Container width="narrow" className="py-10">
      <h1 className="mb-3 text-3xl">Start your tax refund claim</h1>
      <p className="mb-6 text-lg">
        Most UK taxpayers don&apos;t know they could be owed a refund. The average claim is around{' '}
        {formatMoney(CONTENT.averageClaim)}.
      </p>
      <QualificationQuestion answer={answer} onYes={answerYes} onNo={answerNo} />
    </Container>
  );
}
