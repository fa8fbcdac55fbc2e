import { EmploymentList, employmentFieldKeys } from '../components/employment-list.tsx';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

/** D17: the employments step (the list is shared with the details journey). */
export function StepEmployments() {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const jobs = snapshot.employments;
  return (
    <WizardShell
      heading="Your employments"
      lead="Tell us about each job you used your own vehicle for in the years you are claiming. HMRC's claim form asks for each one."
      fields={employmentFieldKeys(jobs)}
    >
      <EmploymentList
        jobs={jobs}
        errors={errors}
        onChange={(next) => wizard.setEmployments(next)}
        focusAfterRemove="wizard-step-heading"
      />
    </WizardShell>
  );
}
