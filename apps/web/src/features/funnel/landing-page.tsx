import { Link, useLocation } from 'react-router';
import { CONTENT } from '@taxback/domain/content';
import { formatMoney } from '@taxback/domain/money';
import { Container } from '../../components/ui/container.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { QualificationQuestion } from './components/qualification-question.tsx';
import { TestimonialCarousel } from './components/testimonial-carousel.tsx';
import { BenefitCards } from './components/benefit-cards.tsx';
import { FaqAccordion } from './components/faq-accordion.tsx';
import { useQualification } from './hooks/use-qualification.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useFeeSettings, useSiteSettings } from '../../lib/settings.ts';
import { ClaimForFreeNote, feeHeadline, hasFee } from '../../components/authority/fee-note.tsx';

function sessionExpired(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { error?: unknown }).error === 'Session expired'
  );
}

/**
 * Landing and qualification (SPEC §2) for '/', '/affiliate/:affiliateName' and '/:directAffiliate'.
 * Loaded eagerly, so it imports only the content module and tiny domain helpers (never zod).
 */
export function LandingPage() {
  const location = useLocation();
  const { answer, answerYes, answerNo } = useQualification();
  usePageTitle('Claim back the tax you have overpaid on work expenses');
  const fee = useFeeSettings();
  // Issue 32: the total claimed is configuration, shown only when set.
  const site = useSiteSettings();
  // D20: with a fee set, the "No fees" card states the fee instead.
  const benefits = hasFee(fee)
    ? CONTENT.benefits.map((b) =>
        b.id === 'no-fees'
          ? {
              id: 'our-fee',
              title: 'Our fee, in the open',
              body: `${feeHeadline(fee)}. You see it, and what you keep, before you sign.`,
            }
          : b,
      )
    : CONTENT.benefits;

  return (
    <>
      <section className="bg-brand-50 py-10 sm:py-16">
        <Container className="grid items-center gap-8 md:grid-cols-2">
          <div>
            {sessionExpired(location.state) && (
              <p
                role="status"
                className="mb-4 rounded-md border-2 border-brand-700 bg-white p-3 font-semibold"
              >
                Session expired. Please answer the question below to start again.
              </p>
            )}
            <h1 className="mb-4 text-3xl sm:text-5xl">
              Claim back the tax you have overpaid on work expenses
            </h1>
            <p className="mb-4 text-lg sm:text-xl">
              Most UK taxpayers don&apos;t know they could be owed a refund.
            </p>
            <ul className="mb-2 space-y-1 text-lg">
              <li>
                <span aria-hidden="true">✓ </span>Average claim around {formatMoney(CONTENT.averageClaim)}
              </li>
              {site.totalClaimed && (
                <li data-testid="total-claimed">
                  <span aria-hidden="true">✓ </span>Over {site.totalClaimed} claimed for our customers
                </li>
              )}
              <li>
                <span aria-hidden="true">✓ </span>HMRC usually repays within {CONTENT.refundWeeks}
              </li>
            </ul>
            <p className="mt-4">
              Already claimed?{' '}
              <Link to={paths.status.getHref()} className="inline-flex min-h-11 items-center font-semibold">
                Follow your claim
              </Link>
            </p>
          </div>
          <QualificationQuestion answer={answer} onYes={answerYes} onNo={answerNo} />
        </Container>
      </section>

      <section aria-labelledby="benefits-heading" className="py-12">
        <Container>
          <h2 id="benefits-heading" className="mb-6 text-center text-2xl sm:text-3xl">
            Why claim with {CONTENT.brandName}
          </h2>
          <BenefitCards benefits={benefits} />
          <div className="mt-6 text-center">
            <ClaimForFreeNote fee={fee} />
          </div>
          <div className="mt-8 text-center">
            <Button onClick={answerYes}>Start my claim</Button>
          </div>
        </Container>
      </section>

      <section className="bg-gray-50 py-12">
        <Container>
          <TestimonialCarousel testimonials={CONTENT.testimonials} />
        </Container>
      </section>

      <section aria-labelledby="mileage-heading" className="py-12">
        <Container width="narrow" className="text-center">
          <h2 id="mileage-heading" className="mb-3 text-2xl sm:text-3xl">
            Drive your own vehicle for work?
          </h2>
          <p className="mb-4" data-testid="mileage-rates">
            If your employer pays less than HMRC&apos;s approved rate, you can claim tax relief on the
            difference for the current tax year and the four before it. For a car or van that rate is{' '}
            {CONTENT.carVanRate}.
          </p>
          <Link to={paths.onboarding.getHref()} className="inline-flex min-h-11 items-center font-semibold">
            Check mileage rebate
          </Link>
        </Container>
      </section>

      <section aria-labelledby="faq-heading" className="py-12">
        <Container width="narrow">
          <h2 id="faq-heading" className="mb-6 text-center text-2xl sm:text-3xl">
            Frequently asked questions
          </h2>
          <FaqAccordion items={CONTENT.faqs} />
          <div className="mt-8 text-center">
            <p className="mb-3 text-lg font-semibold">Ready to see what you are owed?</p>
            <Button onClick={answerYes}>Check my refund now</Button>
          </div>
        </Container>
      </section>
    </>
  );
}
