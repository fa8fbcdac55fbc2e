import type { ReactNode } from 'react';
import {
  reliefOf,
  DRIVES_FOR_WORK_OPTIONS,
  EMPLOYMENT_TYPES,
  VEHICLE_OPTIONS,
  datePartsToIso,
  figuresByJob,
  formatIsoDate,
  formatMoney,
  incomeBandOptions,
  isFuelClaim,
  journeyReasonLabel,
  p87InputOfSnapshot,
  p87Readiness,
  selectedYears,
  summariseClaim,
  type JobYearFigures,
  type YearWithJobs,
  type WizardSnapshot,
  type WizardStepId,
  formatNumber,
} from '@taxback/domain';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { LogMilesCheck } from './evidence.tsx';
import { evidenceByYear } from '../lib/server-data.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

interface Row {
  key: string;
  value: ReactNode;
  /** The question to go back to; none for a row that cannot be changed here. */
  step?: WizardStepId;
  /** What the Change link changes, for screen readers ("Change date of birth"). */
  changeLabel?: string;
}

const label = <T extends string>(options: readonly { id: T; label: string }[], id: string) =>
  options.find((o) => o.id === id)?.label ?? '';

function paidText(job: JobYearFigures): string {
  if (job.paidKind === 'ppm') return `${job.paidPencePerMile}p a mile (${formatMoney(job.employerPayment)})`;
  if (job.paidKind === 'total') return `${formatMoney(job.paidTotalPounds)} for the year`;
  if (job.paidKind === 'none') return 'Nothing';
  return 'Not answered';
}

/** GOV.UK summary list with a Change link per answer (D17). */
function SummaryList({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const wizard = useWizard();
  const headingId = `cya-${testId}`;
  return (
    <section aria-labelledby={headingId} data-testid={`cya-${testId}`}>
      <h2 id={headingId} className="mb-2 text-2xl">
        {title}
      </h2>
      <dl className="divide-y divide-gray-300 border-y border-gray-300">
        {rows.map((row) => (
          // Every row has the same three columns, the last one as wide whether or not it holds a
          // Change link, so each answer starts where the one above it does (issue 32).
          <div
            key={row.key}
            className="grid gap-1 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_5rem] sm:gap-4"
            data-testid="cya-row"
          >
            <dt className="font-semibold">{row.key}</dt>
            <dd className="break-words whitespace-pre-line">{row.value === '' ? 'Not given' : row.value}</dd>
            {row.step && (
              <dd>
                <button
                  type="button"
                  className="min-h-11 text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  onClick={() => wizard.changeAnswer(row.step!)}
                  data-testid={`change-${row.changeLabel?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
                >
                  Change <span className="sr-only">{row.changeLabel ?? row.key.toLowerCase()}</span>
                </button>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}

type Snapshot = WizardSnapshot;

function aboutRows(snapshot: Snapshot): Row[] {
  const p = snapshot.personalInfo;
  const dob = datePartsToIso(p.dateOfBirth);
  return [
    { key: 'Title', value: p.title, step: 'personal', changeLabel: 'title' },
    { key: 'Name', value: `${p.firstName} ${p.lastName}`.trim(), step: 'personal', changeLabel: 'name' },
    {
      key: 'Date of birth',
      value: dob ? formatIsoDate(dob) : '',
      step: 'personal',
      changeLabel: 'date of birth',
    },
    { key: 'Email address', value: p.email, step: 'personal', changeLabel: 'email address' },
    { key: 'Mobile phone number', value: p.phone, step: 'personal', changeLabel: 'phone number' },
    {
      key: 'Home address',
      value: [p.homeAddress, p.postcode].filter(Boolean).join('\n'),
      step: 'personal',
      changeLabel: 'home address',
    },
  ];
}

function yesNoText(answer: string): string {
  return answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : 'Not answered';
}

function claimRows(snapshot: Snapshot): Row[] {
  const fuel = isFuelClaim(snapshot);
  return [
    {
      key: 'Driving for work',
      value: label(DRIVES_FOR_WORK_OPTIONS, snapshot.eligibilityData.drivesForWork),
      step: 'eligibility',
      changeLabel: 'driving for work',
    },
    ...(fuel ? [{ key: 'Company vehicle registration', value: snapshot.eligibilityData.vehicleVRM }] : []),
    {
      key: 'How you are employed',
      value: label(EMPLOYMENT_TYPES, snapshot.employmentDetails.employmentType),
      step: 'employment',
      changeLabel: 'how you are employed',
    },
    {
      key: 'Tax years',
      value: selectedYears(snapshot)
        .map((y) => y.year)
        .join(', '),
      step: 'tax-years',
      changeLabel: 'tax years',
    },
    ...(fuel
      ? []
      : [
          {
            key: 'Scottish income tax',
            value: yesNoText(snapshot.scottishTaxpayer),
            step: 'employer-rate' as const,
            changeLabel: 'Scottish income tax',
          },
        ]),
    {
      key: 'Main vehicle',
      value: label(VEHICLE_OPTIONS, snapshot.vehicleInfo.type),
      step: 'vehicle',
      changeLabel: 'main vehicle',
    },
  ];
}

function employmentRows(snapshot: Snapshot, e: Snapshot['employments'][number], i: number): Row[] {
  const end = e.continuing === 'no' ? datePartsToIso(e.endDate) : null;
  const n = snapshot.employments.length > 1 ? ` ${i + 1}` : '';
  return [
    { key: 'Employer', value: e.employerName, step: 'employments', changeLabel: `employer${n}` },
    {
      key: 'Employer PAYE reference',
      value: e.noPayeReference ? "You don't have it yet" : e.payeReference,
      step: 'employments',
      changeLabel: `PAYE reference${n}`,
    },
    { key: 'Job title', value: e.jobTitle, step: 'employments', changeLabel: `job title${n}` },
    {
      key: 'Still working there',
      value: e.continuing === 'yes' ? 'Yes' : end ? `No, it ended on ${formatIsoDate(end)}` : '',
      step: 'employments',
      changeLabel: `still working there${n}`,
    },
  ];
}

function employerNameOf(snapshot: Snapshot, id: string): string {
  const i = snapshot.employments.findIndex((e) => e.id === id);
  return snapshot.employments[i]?.employerName || `Employer ${i + 1}`;
}

function jobRows(snapshot: Snapshot, y: YearWithJobs): Row[] {
  return y.jobs.flatMap((j): Row[] => {
    const who = employerNameOf(snapshot, j.employmentId);
    const of = y.jobs.length > 1 || snapshot.employments.length > 1 ? ` (${who})` : '';
    return [
      {
        key: `Business miles${of}`,
        value: `${formatNumber(j.miles)} miles by ${label(VEHICLE_OPTIONS, j.vehicle).toLowerCase()}`,
        step: 'mileage',
        changeLabel: `business miles in ${y.year}${of}`,
      },
      {
        key: `Employer paid${of}`,
        value: paidText(j),
        step: 'employer-rate',
        changeLabel: `what the employer paid in ${y.year}${of}`,
      },
    ];
  });
}

function reliefRows(snapshot: Snapshot, y: YearWithJobs): Row[] {
  if (isFuelClaim(snapshot)) return [];
  const band = selectedYears(snapshot).find((s) => s.year === y.year)?.incomeBand;
  return [
    {
      key: 'Your income tax rate',
      value:
        incomeBandOptions(y.year, snapshot.scottishTaxpayer === 'yes').find((o) => o.id === band)?.label ??
        'Not answered (basic and higher rate shown)',
      step: 'employer-rate' as const,
      changeLabel: `income tax rate in ${y.year}`,
    },
    { key: 'Mileage allowance relief claimed', value: formatMoney(y.claimable) },
  ];
}

function yearRows(snapshot: Snapshot, y: YearWithJobs, evidenceCount: number): Row[] {
  return [
    ...jobRows(snapshot, y),
    ...(y.jobs.length > 1
      ? [
          {
            key: 'Employers connected',
            value: y.employersConnected === 'yes' ? 'Yes, one 10,000-mile limit' : 'No, separate employers',
            step: 'mileage' as const,
            changeLabel: `employers connected in ${y.year}`,
          },
        ]
      : []),
    {
      key: 'Evidence',
      value: `${evidenceCount} file${evidenceCount === 1 ? '' : 's'}`,
      step: 'evidence',
      changeLabel: `evidence for ${y.year}`,
    },
    ...reliefRows(snapshot, y),
  ];
}

/** D17: what HMRC's P87 still lacks; the NI number comes after signing, so it is not listed. */
function StillNeeded({ snapshot }: { snapshot: Snapshot }) {
  const stillNeeded = p87Readiness(p87InputOfSnapshot(snapshot, true));
  if (stillNeeded.length === 0) return null;
  return (
    <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4" data-testid="p87-still-needed">
      <p className="font-semibold">HMRC's claim form also needs:</p>
      <ul className="list-disc pl-6">
        {stillNeeded.map((item) => (
          <li key={item.field}>{item.label}</li>
        ))}
      </ul>
      <p className="mt-2">
        You can still sign and send your claim now. We will ask you, or your employer, for these before we
        send it to HMRC.
      </p>
    </div>
  );
}

/** Before signing: every answer once, each with a way back to its question (D17). */
export function StepCheckAnswers() {
  const wizard = useWizard();
  const { snapshot, server } = wizard.state;
  const fuel = isFuelClaim(snapshot);
  const evidence = evidenceByYear(server);
  const { years } = figuresByJob(snapshot);
  const several = snapshot.employments.length > 1;

  return (
    <WizardShell
      heading="Check your answers"
      lead="Check everything before you sign. Use a Change link to correct an answer; you will come back here."
      continueLabel="Continue to sign"
    >
      <StillNeeded snapshot={snapshot} />
      {/* D25: a generated log that totals other miles than claimed, with the choice of figure. */}
      <LogMilesCheck />
      <SummaryList title="About you" rows={aboutRows(snapshot)} testId="about" />
      <SummaryList title="Your claim" rows={claimRows(snapshot)} testId="claim" />
      {snapshot.employments.map((e, i) => (
        <SummaryList
          key={e.id}
          title={several ? `Employment ${i + 1}` : 'Your employment'}
          testId={`employment-${i + 1}`}
          rows={employmentRows(snapshot, e, i)}
        />
      ))}
      {years.map((y) => (
        <SummaryList
          key={y.year}
          title={`Tax year ${y.year}`}
          testId={`year-${y.year.replace('/', '-')}`}
          rows={yearRows(snapshot, y, (evidence[y.year] ?? []).length)}
        />
      ))}
      {snapshot.journeys.length > 0 && (
        <SummaryList
          title="Your journeys"
          testId="journeys"
          rows={snapshot.journeys.map((j, i) => ({
            key: `Journey ${i + 1}`,
            value: `${j.startAddress} to ${j.endAddress}, ${journeyReasonLabel(j) || 'no reason given'}`,
            step: 'evidence' as const,
            changeLabel: `journey ${i + 1}`,
          }))}
        />
      )}
      {!fuel && (
        <RebatePanel summary={summariseClaim(snapshot)} variant="total" estimate={reliefOf(snapshot)} />
      )}
    </WizardShell>
  );
}
