import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

/** Stands in for steps 8-11 until part 2 adds them: the flow ends gracefully after step 7. */
export function StepComingNext() {
  const wizard = useWizard();
  const years = wizard.state.snapshot.taxYears.filter((y) => y.selected).map((y) => y.year);
  return (
    <WizardShell heading="Evidence — coming next" showContinue={false}>
      <p data-testid="coming-next">
        Your answers so far are saved. The next part of your application, adding evidence of your business
        mileage
        {years.length > 0 ? ` for ${years.join(', ')}` : ''}, is on its way.
      </p>
    </WizardShell>
  );
}
