import { useRef, useState } from 'react';
import {
  DETAILS_SECTION_LABELS,
  RELIEF_CAP_NOTICE,
  authorityInputOfGeneralClaim,
  claimsTravel,
  buildAuthorityDocument,
  datePartsToIso,
  detailsEstimate,
  detailsSectionsFor,
  detailsYears,
  expenseEstimateBasis,
  formatIsoDate,
  incomeBandOptions,
  formatPence,
  normaliseNiNumber,
  type DetailsStepId,
  type GeneralDetails,
} from '@taxback/domain';
import { detailsSignSchema } from '@taxback/domain/general-details-schemas';
import { fieldErrors, signedBySchema } from '@taxback/domain/schemas';
import { AuthorityDocumentView } from '../../../components/authority/authority-document.tsx';
import {
  NO_SIGNATURE,
  SignatureChoice,
  foldSignatureErrors,
  type SignatureValue,
} from '../../../components/authority/signature-choice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { call } from '../../../lib/api/client.ts';
import { useSettings } from '../../../lib/settings.ts';
import { fieldId } from '../lib/validation.ts';
import { NI_HINT, formatNiAsTyped } from '../steps/hmrc-details.tsx';
import { DetailsFrame } from './details-frame.tsx';
import { SAVE_FAILED, type DetailsController } from './use-details.ts';

type Props = { d: DetailsController; details: GeneralDetails };

function Row({
  label,
  value,
  change,
  d,
}: {
  label: string;
  value: string;
  change: DetailsStepId;
  d: DetailsController;
}) {
  return (
    <div className="border-b border-gray-200 py-3 sm:flex sm:gap-4">
      <dt className="font-semibold sm:w-1/3">{label}</dt>
      <dd className="whitespace-pre-line sm:flex-1">{value}</dd>
      <dd className="sm:w-24">
        <Button variant="link" onClick={() => d.change(change)}>
          Change<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </dd>
    </div>
  );
}

/** Each chosen year's income band as the claimant chose it, or that they did not say. */
function bandsText(details: GeneralDetails): string {
  const scottish = details.scottishTaxpayer === 'yes';
  return details.taxYears
    .filter((y) => y.selected)
    .sort((a, b) => a.year.localeCompare(b.year))
    .map((y) => {
      const label = incomeBandOptions(y.year, scottish).find((o) => o.id === y.incomeBand)?.label;
      return `${y.year}: ${label ?? 'Not given'}`;
    })
    .join('\n');
}

/** D17: check your answers, each with a Change link that returns here, and the estimate (D21, D31). */
export function CheckStep({ d, details }: Props) {
  const p = details.personalInfo;
  const dob = datePartsToIso(p.dateOfBirth);
  const years = detailsYears(details);
  const estimate = detailsEstimate(details);
  const sections = detailsSectionsFor(d.view?.selectedExpenses ?? []);
  return (
    <DetailsFrame d={d} heading="Check your answers" onContinue={() => d.goTo('sign')}>
      <dl>
        <Row
          d={d}
          label="Name"
          value={`${p.title ? `${p.title} ` : ''}${p.firstName} ${p.lastName}`}
          change="about-you"
        />
        <Row d={d} label="Date of birth" value={dob ? formatIsoDate(dob) : ''} change="about-you" />
        <Row d={d} label="Home address" value={`${p.homeAddress}\n${p.postcode}`} change="about-you" />
        <Row
          d={d}
          label="Employments"
          value={details.employments
            .map((e) => `${e.employerName}, ${e.jobTitle} (${e.payeReference || 'no PAYE reference'})`)
            .join('\n')}
          change="employments"
        />
        <Row d={d} label="Tax years" value={years.map((y) => y.year).join(', ')} change="tax-years" />
        <Row d={d} label="Your income" value={bandsText(details)} change="tax-years" />
        {sections.map((s) => (
          <Row
            key={s}
            d={d}
            label={DETAILS_SECTION_LABELS[s]}
            value={years
              .flatMap((y) =>
                y.lines
                  .filter((l) => l.key === s)
                  .map((l) => `${y.year}: ${formatPence(l.pence)} (${l.basis})`),
              )
              .join('\n')}
            change={s}
          />
        ))}
        {claimsTravel(d.view?.selectedExpenses ?? []) && (
          <Row
            d={d}
            label="Travel and miles"
            value="Claimed in our mileage claim, which we take you to after you sign this one"
            change="travel"
          />
        )}
      </dl>
      <section
        aria-labelledby="estimate-heading"
        className="rounded-lg bg-gray-100 p-4"
        data-testid="details-estimate"
      >
        <h2 id="estimate-heading" className="mb-2 text-2xl">
          Your estimated refund
        </h2>
        {estimate.years.map((y) => (
          <p key={y.year} data-testid={`estimate-${y.year.replace('/', '-')}`}>
            {y.year}:{' '}
            {y.selfAssessmentRequired
              ? 'expenses over £2,500: HMRC takes this year only through a Self Assessment tax return'
              : `${
                  y.lowPence === y.highPence
                    ? formatPence(y.highPence)
                    : `${formatPence(y.lowPence)} to ${formatPence(y.highPence)}`
                }, ${expenseEstimateBasis(y)}`}
          </p>
        ))}
        <p className="mt-2 font-semibold">
          In all:{' '}
          {estimate.lowPence === estimate.highPence
            ? formatPence(estimate.highPence)
            : `${formatPence(estimate.lowPence)} to ${formatPence(estimate.highPence)}`}
        </p>
        <p className="mt-2 text-muted">{RELIEF_CAP_NOTICE}</p>
      </section>
    </DetailsFrame>
  );
}

/** D19: the authority showing these amounts, the NI number, and the signature. */
export function SignStep({
  d,
  details,
  sessionId,
  onSigned,
}: Props & { sessionId: string; onSigned: (url: string) => void }) {
  const settings = useSettings();
  const [ni, setNi] = useState('');
  const [signature, setSignature] = useState<SignatureValue>(NO_SIGNATURE);
  const inFlight = useRef(false);
  const view = d.view;
  if (!view) return null;
  const authority = settings
    ? buildAuthorityDocument(authorityInputOfGeneralClaim(view, settings, undefined, details))
    : null;

  async function sign() {
    if (inFlight.current || !sessionId) return;
    const body = {
      niNumber: normaliseNiNumber(ni),
      signature: signature.dataUrl ?? '',
      signatureMethod: signature.method,
      ...(signature.typedName ? { typedName: signature.typedName } : {}),
    };
    // The schema checks the typed name only once the rest is right: check it with the rest (issue 32).
    const checked = detailsSignSchema.safeParse(body);
    const signedBy = signedBySchema.safeParse(body);
    if (!checked.success || !signedBy.success)
      return d.showErrors(
        foldSignatureErrors({
          ...(checked.success ? {} : fieldErrors(checked)),
          ...(signedBy.success ? {} : fieldErrors(signedBy)),
        }),
      );
    inFlight.current = true;
    const res = await call('signClaimDetails', { sessionId, body, timeoutMs: 30_000 });
    inFlight.current = false;
    if (res.status === 200) return onSigned(res.data.authorityUrl);
    if (res.status === 400 && res.errors) return d.showErrors(foldSignatureErrors(res.errors));
    d.showErrors({ save: res.error ?? SAVE_FAILED });
  }

  return (
    <DetailsFrame
      d={d}
      heading="Sign your authority"
      continueLabel="Sign and send my claim"
      onContinue={() => void sign()}
    >
      <TextField
        id={fieldId('niNumber')}
        label="National Insurance number"
        hint={NI_HINT}
        value={ni}
        onChange={(v) => setNi(formatNiAsTyped(v))}
        error={d.errors.niNumber}
        autoComplete="off"
        spellCheck={false}
        className="max-w-xs"
      />
      {authority ? (
        <AuthorityDocumentView document={authority} />
      ) : (
        <p role="status">Loading the authority…</p>
      )}
      <SignatureChoice
        id={fieldId('signature')}
        label="Your signature"
        onChange={setSignature}
        error={d.errors.signature}
      />
    </DetailsFrame>
  );
}
