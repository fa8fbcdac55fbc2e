import { Link } from 'react-router';
import { CONTENT } from '@taxback/domain/content';
import { paths } from '../../lib/paths.ts';
import { FieldMessages } from '../ui/field-messages.tsx';

// The three agreements signed with the authority (D19), the same wherever a claimant signs: the
// wizard's review step and an amendment on the status page (D32).

export type AgreementKey = 'accuracy' | 'authorization' | 'terms';

const AGREEMENT_KEYS: readonly AgreementKey[] = ['accuracy', 'authorization', 'terms'];

function AgreementLabel({ agreement }: { agreement: AgreementKey }) {
  if (agreement === 'accuracy') return <>I confirm the information I have given is accurate</>;
  if (agreement === 'authorization')
    return <>I authorise {CONTENT.brandName} to act as my tax agent and submit this claim to HMRC</>;
  return (
    <>
      I accept the{' '}
      <Link to={paths.terms.getHref()} target="_blank" rel="noopener">
        terms and conditions
      </Link>
    </>
  );
}

/**
 * "Your agreement": a checkbox per agreement (test id `agree-<key>`), each with its error above
 * it. `idOf` names each checkbox (the error summary links to it).
 */
export function AgreementChecks({
  idOf,
  checked,
  onChange,
  errorOf,
  legendClassName = 'mb-2 text-xl font-bold',
}: {
  idOf: (agreement: AgreementKey) => string;
  checked: Record<AgreementKey, boolean>;
  onChange: (agreement: AgreementKey, value: boolean) => void;
  errorOf: (agreement: AgreementKey) => string | undefined;
  legendClassName?: string;
}) {
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className={legendClassName}>Your agreement</legend>
      {AGREEMENT_KEYS.map((key) => {
        const id = idOf(key);
        const error = errorOf(key);
        return (
          <div key={key} className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
            <FieldMessages id={id} error={error} />
            <div className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                checked={checked[key]}
                onChange={(e) => onChange(key, e.target.checked)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                data-testid={`agree-${key}`}
                className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
              />
              <label htmlFor={id} className="min-h-11">
                <AgreementLabel agreement={key} />
              </label>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
