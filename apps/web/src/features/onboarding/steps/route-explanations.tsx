import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { wizardStepById, type WizardStepId } from '@taxback/domain';
import { paths } from '../../../lib/paths.ts';
import { CallBackForm } from '../components/call-back-form.tsx';
import { InfoBox } from '../components/choice-list.tsx';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

// D27: the routes that cannot make a mileage claim end on a plain explanation, and a company
// vehicle is explained before the claim goes on as a fuel claim. Titles and the one-line reasons
// come from the plan, so the server's refusal says the same.

const GOV_UK = {
  selfAssessment: 'https://www.gov.uk/self-assessment-tax-returns',
  simplifiedExpenses: 'https://www.gov.uk/simpler-income-tax-simplified-expenses/vehicles-',
  mileageRates:
    'https://www.gov.uk/government/publications/rates-and-allowances-travel-mileage-and-fuel-allowances',
} as const;

function StopScreen({ id, children, after }: { id: WizardStepId; children: ReactNode; after?: ReactNode }) {
  const step = wizardStepById(id);
  return (
    <WizardShell heading={step.title} showContinue={false} after={after}>
      <div data-testid="route-explanation" data-route={id} className="space-y-4">
        <p className="text-lg">{step.reason}</p>
        {children}
      </div>
    </WizardShell>
  );
}

export function StepNotDriving() {
  const { snapshot } = useWizard().state;
  const startClaim = snapshot.affiliateName
    ? paths.affiliateStartClaim.getHref(snapshot.affiliateName)
    : paths.startClaim.getHref();
  return (
    <StopScreen id="not-driving">
      <p>
        If you pay for things your job needs, such as a uniform and its washing, tools or professional fees,
        you may be able to claim tax relief on those instead.
      </p>
      <p>
        <Link to={startClaim} className="font-semibold" data-testid="route-general-claim">
          Check if you can claim for work expenses
        </Link>
      </p>
      <p>If you do make journeys for your job, go back and change your answer.</p>
    </StopScreen>
  );
}

export function StepSelfAssessment() {
  return (
    <StopScreen id="self-assessment" after={<CallBackForm />}>
      <p>
        You can include your business mileage as an allowable expense in your tax return, using HMRC&apos;s
        simplified mileage rates or your actual vehicle costs.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <a href={GOV_UK.selfAssessment} rel="noreferrer">
            Self Assessment tax returns on GOV.UK
          </a>
        </li>
        <li>
          <a href={GOV_UK.simplifiedExpenses} rel="noreferrer">
            Simplified expenses for vehicles on GOV.UK
          </a>
        </li>
      </ul>
      <p>
        We have not kept any of your details. If you are employed for some of your work, go back and change
        your answer.
      </p>
    </StopScreen>
  );
}

export function StepNothingClaimable() {
  return (
    <StopScreen id="nothing-claimable">
      <p>
        Where an employer pays more than the approved amount, HMRC treats the difference as taxable pay, so
        there is no relief to claim for that year.
      </p>
      <p>
        If the rate you entered is not what your employer paid, go back and change it.{' '}
        <a href={GOV_UK.mileageRates} rel="noreferrer">
          HMRC&apos;s approved mileage rates
        </a>
      </p>
    </StopScreen>
  );
}

export function StepCompanyVehicle() {
  const wizard = useWizard();
  const step = wizardStepById('company-vehicle');
  return (
    <WizardShell heading={step.title} onContinue={wizard.advance}>
      <div data-testid="route-explanation" data-route="company-vehicle" className="space-y-4">
        <p className="text-lg">
          There is no mileage allowance relief for a vehicle your employer provides, so we cannot offer a
          mileage rebate for it.
        </p>
        <InfoBox tone="neutral" title="You may be able to claim for fuel">
          <p>
            If you paid for fuel for business journeys yourself and your employer did not pay you back in
            full, you may be able to claim tax relief on that fuel.
          </p>
          <p>
            We will ask about your employment, the tax years and your business miles. One of our team will
            then assess your fuel claim. We do not show an estimate, because it depends on what you paid for
            fuel.
          </p>
        </InfoBox>
      </div>
    </WizardShell>
  );
}
