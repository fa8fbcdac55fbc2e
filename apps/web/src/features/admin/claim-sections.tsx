import { DuplicateActions } from './duplicate-actions.tsx';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DUPLICATE_REASON_LABELS,
  POSSIBLE_DUPLICATE_DAYS,
  answerLabel,
  formatIsoDate,
} from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { call, hrefOf } from '../../lib/api/admin-client.ts';
import { formatDateTime, formatPence } from './admin-api.ts';
import { DataTable } from './admin-ui.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { statusLabel } from './claims-page.tsx';

// The claim page's sections (D22), each a pure view of the loaded claim.

const pounds = (n: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);

function SummaryList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mb-8 divide-y divide-gray-300 border-y border-gray-300">
      {rows.map(([key, value]) => (
        <div key={key} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
          <dt className="min-w-0 font-semibold">{key}</dt>
          <dd className="min-w-0 wrap-anywhere sm:col-span-2">
            {value === null || value === undefined || value === '' ? '–' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Status, signing check and, once repaid, the money. */
export function ClaimSummary({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <SummaryList
        rows={[
          [
            'Status',
            <strong key="s" data-testid="claim-status">
              {statusLabel(claim.workflow.status)}
            </strong>,
          ],
          ['Submitted', formatDateTime(claim.submittedAt)],
          [
            'Matches what was signed',
            claim.signedMatch === null ? (
              'Not signed'
            ) : claim.signedMatch ? (
              <span key="m" className="font-semibold text-brand-700">
                Yes: the claim matches what was signed
              </span>
            ) : (
              <span key="m" className="font-semibold text-danger">
                No: a signed field changed after signing
              </span>
            ),
          ],
          ...(claim.workflow.repaidPence !== null
            ? ([
                ['HMRC repaid', formatPence(claim.workflow.repaidPence)],
                ['Our fee (incl. VAT)', formatPence(claim.workflow.feePence)],
                ['Claimant receives', formatPence(claim.workflow.claimantPence)],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </>
  );
}

/** Issue 17: other claims sharing the phone, email or NI number; never merged. */
export function PossibleDuplicates({
  claim,
  admin = false,
  onChanged,
}: {
  claim: ClaimDetail;
  /** D38: an admin merges a duplicate into the case or marks it not one. */
  admin?: boolean;
  onChanged?: () => Promise<void>;
}) {
  return (
    <>
      {claim.possibleDuplicates.length > 0 ? (
        <section
          className="mb-8 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4"
          aria-labelledby="duplicates-heading"
          data-testid="possible-duplicates"
        >
          <h2 id="duplicates-heading" className="mb-2 text-2xl">
            Possible duplicates
          </h2>
          <p className="mb-2">
            Other claims submitted within {POSSIBLE_DUPLICATE_DAYS} days share details with this one. Check
            whether they are the same claim before sending either to HMRC; nothing is merged until an admin
            merges it into this claim’s case.
          </p>
          <ul className="list-disc pl-6">
            {claim.possibleDuplicates.map((d) => (
              <li key={d.id} className="wrap-anywhere">
                <Link to={paths.adminClaim.getHref(d.id)}>{d.reference}</Link> (
                {d.kind === 'general' ? 'general' : 'mileage'}, submitted {formatDateTime(d.submittedAt)}):{' '}
                {d.reasons.map((r) => DUPLICATE_REASON_LABELS[r]).join(', ')}
                {admin && onChanged && (
                  <DuplicateActions claimId={claim.id} other={d} onChanged={onChanged} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * Issue 42 (D38): the claimant's case when it holds another claim: that claim, and each tax year's
 * amounts across every kind with the year's total, which decides P87 or Self Assessment (D31).
 */
/** D38: a claim that follows its case says where the case is worked. */
export function WorkedWithCase({ claim }: { claim: ClaimDetail }) {
  const head = claim.worksWithCase;
  if (!head) return null;
  return (
    <div className="mb-6 border-l-4 border-gray-600 pl-3" data-testid="worked-with-case">
      <p>
        This claim is part of case <Link to={paths.adminClaim.getHref(head.id)}>{head.reference}</Link> and is
        worked with it: the case’s owner, status ({statusLabel(head.status)}), messages and HMRC’s answers are
        this claim’s too. Open the case to move it on.
        {claim.kind === 'general' &&
          ' Its own expenses are not added to the case’s years: the case’s details are what goes to HMRC, so anything missing from them is asked of the claimant on the case.'}
      </p>
    </div>
  );
}

export function ClaimCase({ claim }: { claim: ClaimDetail }) {
  const c = claim.case;
  if (!c) return null;
  return (
    <section className="mb-8" aria-labelledby="case-heading" data-testid="claim-case">
      <h2 id="case-heading" className="mb-2 text-2xl">
        The claimant’s case
      </h2>
      <p className="mb-2">
        HMRC takes one P87 a year for every expense of that year, so these claims go together:
      </p>
      <ul className="mb-4 list-disc pl-6">
        {c.others.map((o) => (
          <li key={o.id} className="wrap-anywhere">
            <Link to={paths.adminClaim.getHref(o.id)}>
              {o.reference ?? (o.kind === 'mileage' ? 'Mileage claim (not submitted yet)' : 'Claim')}
            </Link>{' '}
            ({o.kind === 'general' ? 'general' : 'mileage'}, {o.status})
          </li>
        ))}
      </ul>
      {c.years.length > 0 && (
        // Scrolls sideways at 320 px: a focusable, named region, so a keyboard can scroll it.
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Each tax year across the case"
        >
          <table className="mb-2 w-full border-collapse text-left">
            <caption className="mb-2 text-left font-semibold">Each tax year across the case</caption>
            <thead>
              <tr className="border-b-2 border-gray-600">
                <th scope="col" className="py-2 pr-4">
                  Tax year
                </th>
                <th scope="col" className="py-2 pr-4">
                  Expenses
                </th>
                <th scope="col" className="py-2 pr-4">
                  Total
                </th>
                <th scope="col" className="py-2">
                  Goes to HMRC on
                </th>
              </tr>
            </thead>
            <tbody>
              {c.years.map((y) => (
                <tr key={y.year} className="border-b border-gray-300 align-top">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {y.year}
                  </th>
                  <td className="py-2 pr-4">
                    <ul>
                      {y.amounts.map((a) => (
                        <li key={a.kind}>
                          {a.label}: {formatPence(a.pence)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="py-2 pr-4">{formatPence(y.pence)}</td>
                  <td className="py-2">
                    {y.route === 'self-assessment' ? 'Self Assessment, not P87 (over £2,500)' : 'P87'}
                    {y.answersDiffer && (
                      <p className="font-semibold text-danger">
                        The two claims answer this year’s income differently
                      </p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** D17: what the claim still lacks for HMRC's P87. */
export function ClaimReadiness({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <h2 className="mb-2 text-2xl">P87 readiness</h2>
      {claim.readiness.length === 0 ? (
        <p className="mb-8">Every P87 answer is held: ready for HMRC.</p>
      ) : (
        <div className="mb-8">
          <p>Still missing before the claim can go to HMRC:</p>
          <ul className="list-disc pl-6" data-testid="readiness">
            {claim.readiness.map((r) => (
              <li key={r.field}>{r.label}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The claimant; the NI number masked until an operator asks for it (audited). */
export function ClaimantDetails({ claim }: { claim: ClaimDetail }) {
  const [ni, setNi] = useState<string | null>(null);
  const c = claim.claimant;
  return (
    <>
      <h2 className="mb-2 text-2xl">Claimant</h2>
      <SummaryList
        rows={[
          ...(claim.kind === 'mileage' ? ([['Title', c.title]] as Array<[string, ReactNode]>) : []),
          ['First names', c.firstName],
          ['Surname', c.lastName],
          ...(claim.kind === 'mileage'
            ? ([['Date of birth', c.dateOfBirth ? formatIsoDate(c.dateOfBirth) : null]] as Array<
                [string, ReactNode]
              >)
            : []),
          ['Email', c.email],
          ['Phone', c.phone],
          ...(claim.kind === 'mileage'
            ? ([
                ['Home address', c.address],
                ['Postcode', c.postcode],
                [
                  'National Insurance number',
                  <span key="ni" className="flex flex-wrap items-center gap-4">
                    <span data-testid="ni-number">{ni ?? c.niNumberMasked ?? 'Not given'}</span>
                    {c.niNumberMasked && !ni && (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          void (async () => {
                            const res = await call('revealNiNumber', { params: { id: claim.id } });
                            if (res.ok) setNi(res.data.niNumber);
                          })();
                        }}
                      >
                        Show<span className="sr-only"> National Insurance number</span>
                      </Button>
                    )}
                  </span>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </>
  );
}

/** Issue 32.5: labels, not codes; a row only where it applies (a registration for a company vehicle). */
function employmentRows(e: NonNullable<ClaimDetail['employment']>): Array<[string, ReactNode]> {
  const selfEmployed = e.employmentType === 'self-employed' || e.employmentType === 'cis';
  return [
    ['Drives for work', answerLabel('drivesForWork', e.drivesForWork)],
    ...(e.drivesForWork === 'company-vehicle' || e.companyVehicleVrm
      ? ([['Company vehicle registration', e.companyVehicleVrm]] as Array<[string, ReactNode]>)
      : []),
    ['Employment type', answerLabel('employmentType', e.employmentType)],
    ['Employer', e.employerName],
    ...(selfEmployed || e.businessName
      ? ([['Business name', e.businessName]] as Array<[string, ReactNode]>)
      : []),
  ];
}

/** The employment answers: the general funnel's, or each of the wizard's employments. */
export function EmploymentDetails({ claim }: { claim: ClaimDetail }) {
  const e = claim.employment;
  return (
    <>
      {e && (
        <>
          <h2 className="mb-2 text-2xl">Employment</h2>
          <SummaryList rows={employmentRows(e)} />
        </>
      )}

      {claim.employments?.map((e, i) => (
        <section key={e.id} aria-labelledby={`employment-${e.id}`} data-testid={`employment-${i + 1}`}>
          <h2 id={`employment-${e.id}`} className="mb-2 text-2xl">
            Employment {i + 1}
          </h2>
          <SummaryList
            rows={[
              ['Employer', e.employerName],
              ['Employer PAYE reference', e.payeReference ?? 'Not known: ask the claimant or the employer'],
              ['Job title', e.jobTitle],
              [
                'Still employed there',
                e.continuing === null
                  ? null
                  : e.continuing
                    ? 'Yes'
                    : `No, ended ${e.endDate ? formatIsoDate(e.endDate) : '(date missing)'}`,
              ],
            ]}
          />
        </section>
      ))}

      {claim.general && (
        <>
          <h2 className="mb-2 text-2xl">Expenses</h2>
          <SummaryList
            rows={[
              ['Expenses', claim.general.selectedExpenses.map((x) => answerLabel('expense', x)).join(', ')],
              ['Earns over £18,000', claim.general.earnsOver18k ? 'Yes' : 'No'],
            ]}
          />
        </>
      )}
    </>
  );
}

/** The domain's figures per year and job, the estimate and the journeys. */
export function MileageFigures({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      {claim.mileage && (
        <>
          <h2 className="mb-2 text-2xl">Years and figures</h2>
          <p className="mb-2">
            Each employment&apos;s vehicle, miles and what its employer paid, per tax year; figures recomputed
            from the stored answers
          </p>
          <DataTable
            label="Years and figures"
            className="mb-8"
            headers={[
              'Tax year',
              'Employer',
              'Business miles',
              'Approved amount',
              'Employer paid',
              'Claimable',
            ]}
          >
            {claim.mileage.years.flatMap((y) => [
              ...y.jobs.map((j) => (
                <tr key={`${y.year}-${j.employmentId}`} className="border-b border-gray-300">
                  <td className="px-2 py-2">{y.year}</td>
                  <td className="px-2 py-2">
                    {j.employerName || '–'} ({answerLabel('vehicle', j.vehicle)}
                    {y.jobs.length > 1
                      ? `; connected employers: ${answerLabel('yesNo', y.employersConnected) ?? 'not answered'}`
                      : ''}
                    )
                  </td>
                  <td className="px-2 py-2">{j.miles.toLocaleString('en-GB')}</td>
                  <td className="px-2 py-2">{pounds(j.allowance)}</td>
                  <td className="px-2 py-2">{pounds(j.employerPayment)}</td>
                  <td className="px-2 py-2" />
                </tr>
              )),
              <tr key={y.year} className="border-b border-gray-300 font-semibold">
                <td className="px-2 py-2">{y.year}</td>
                <td className="px-2 py-2">Year total</td>
                <td className="px-2 py-2">{y.miles.toLocaleString('en-GB')}</td>
                <td className="px-2 py-2">{pounds(y.allowance)}</td>
                <td className="px-2 py-2">{pounds(y.employerPayment)}</td>
                <td className="px-2 py-2">
                  {pounds(y.claimable)}
                  {y.selfAssessmentRequired ? ' (Self Assessment, not P87)' : ''}
                </td>
              </tr>,
            ])}
          </DataTable>
          <SummaryList
            rows={
              claim.employment?.drivesForWork === 'company-vehicle'
                ? // D27: a fuel claim has no AMAP estimate; the claimant was told so.
                  [
                    [
                      'Estimate',
                      'None: a company vehicle (fuel) claim gets no mileage allowance relief; assess the fuel paid',
                    ],
                  ]
                : [
                    ['Total claimable', pounds(claim.mileage.totalClaimable)],
                    ['Estimated rebate at 20%', pounds(claim.mileage.rebate20)],
                    ['Estimated rebate at 40%', pounds(claim.mileage.rebate40)],
                    ...(claim.estimate
                      ? ([
                          [
                            "Estimate at the claimant's rates",
                            `${pounds(claim.estimate.low)}${claim.estimate.high !== claim.estimate.low ? ` to ${pounds(claim.estimate.high)}` : ''} (${claim.estimate.scottish ? 'Scottish' : 'rest of UK'} rates: ${claim.estimate.years.map((y) => `${y.year} ${y.rates.join(' or ')}%${y.cappedAtTaxPaid ? ', capped at the tax paid' : ''}`).join('; ')})${claim.estimate.upperFigure ? '; an upper figure (no P60 figures for every year)' : ''}`,
                          ],
                        ] as Array<[string, ReactNode]>)
                      : []),
                    ['Self Assessment needed', claim.mileage.selfAssessmentRequired ? 'Yes' : 'No'],
                  ]
            }
          />
          {claim.journeys && claim.journeys.length > 0 && (
            <>
              <h2 className="mb-2 text-2xl">Journeys</h2>
              <ul className="mb-8 list-disc pl-6">
                {claim.journeys.map((j) => (
                  <li key={j.id}>
                    {j.startAddress} to {j.endAddress}, {answerLabel('frequency', j.frequency)},{' '}
                    {answerLabel('tripType', j.tripType)?.toLowerCase()}, {j.distance ?? '–'} miles
                  </li>
                ))}
              </ul>
            </>
          )}
          {claim.workplaces && claim.workplaces.length > 0 && <WorkplaceAnswersSection claim={claim} />}
        </>
      )}
    </>
  );
}

const COUNTS_WORDS = {
  all: 'Counts: every journey there is business travel',
  none: 'Left out: every journey there is commuting',
  until: 'Partly left out: journeys from the change on are commuting',
  from: 'Partly left out: journeys before the change are commuting',
} as const;

type StepPlaceReport = NonNullable<NonNullable<ClaimDetail['workplaces']>[number]['mileageStep']>;

/** Decision 084: a place answered on the mileage step: the miles there that year, and those left out. */
function StepPlaceMiles({ step }: { step: StepPlaceReport }) {
  return (
    <p className="mb-1" data-testid="claim-workplace-step-miles">
      {step.miles.toLocaleString('en-GB')} miles driven there in {step.year};{' '}
      {step.leftOutMiles === null
        ? 'not decided yet.'
        : `${step.leftOutMiles.toLocaleString('en-GB')} of them left out of the claim.`}
    </p>
  );
}

/** D39, decision 077: each regular place's answers and outcome, with the rule and HMRC's sources. */
function WorkplaceAnswersSection({ claim }: { claim: ClaimDetail }) {
  return (
    <section aria-labelledby="workplaces-title" className="mb-8" data-testid="claim-workplaces">
      <h2 id="workplaces-title" className="mb-2 text-2xl">
        Business-journey test
      </h2>
      {(claim.workplaces ?? []).map((w) => (
        <div
          key={w.mileageStep ? `${w.place}-${w.mileageStep.year}-${w.mileageStep.employmentId}` : w.place}
          className="mb-4"
          data-testid={`claim-workplace-${w.place.replace(/\s+/g, '')}`}
        >
          <h3 className="mb-1 text-xl">
            {w.place}
            {w.mileageStep ? ` (mileage step, ${w.mileageStep.year}, ${w.mileageStep.employmentId})` : ''}
          </h3>
          {w.mileageStep && <StepPlaceMiles step={w.mileageStep} />}
          <dl className="grid grid-cols-1 gap-y-1 sm:grid-cols-3 sm:gap-x-4">
            {w.answers.map((a) => (
              <div key={a.question} className="contents">
                <dt className="font-semibold sm:col-span-2">{a.question}</dt>
                <dd>{a.answer || 'Not answered'}</dd>
              </div>
            ))}
          </dl>
          {w.outcome ? (
            <div className="mt-2" data-testid="claim-workplace-outcome">
              <p className="font-semibold">
                {COUNTS_WORDS[w.outcome.counts]}
                {w.outcome.changesOn ? ` (change on ${w.outcome.changesOn})` : ''}
                {w.leftOutJourneys.length > 0 ? `; journeys ${w.leftOutJourneys.join(', ')}` : ''}
              </p>
              <p>{w.outcome.reason}</p>
              <p className="text-muted">
                Rule: {w.outcome.rule}. Sources: {w.outcome.sources.join(', ')}
              </p>
            </div>
          ) : (
            <p className="mt-2">Not decided: {w.problems.join(' ') || 'not answered'}</p>
          )}
        </div>
      ))}
    </section>
  );
}

/**
 * The signed authorities, the one the claim stands on labelled "Current" and each earlier one
 * (before an amendment, D32) "Superseded", as the server marks them from the stored files.
 */
function SignedAuthorities({ claim }: { claim: ClaimDetail }) {
  const { authorities } = claim;
  const current = authorities.find((a) => a.current);
  if (!current) return null;
  const about =
    ': the document the claimant signed (D19), with their signature, the time, IP address and browser.';
  if (authorities.length === 1)
    return (
      <>
        <h2 className="mb-2 text-2xl">Signed authority</h2>
        <p className="mb-8">
          <a href={current.url} download={current.filename} data-testid="admin-authority">
            Download the signed authority (PDF)
          </a>
          {about}
        </p>
      </>
    );
  return (
    <section aria-labelledby="authorities-heading" className="mb-8">
      <h2 id="authorities-heading" className="mb-2 text-2xl">
        Signed authorities
      </h2>
      <p className="mb-2">
        The claimant signed again after a change to the claim. The current authority is the one the claim
        stands on; the earlier ones are kept, superseded.
      </p>
      <ul className="space-y-2" data-testid="admin-authorities">
        {authorities.map((a) => (
          <li
            key={a.id}
            className="break-words"
            data-testid={a.current ? 'authority-current' : 'authority-superseded'}
          >
            <strong
              className={`mr-2 inline-block rounded px-2 py-0.5 text-sm uppercase ${a.current ? 'bg-brand-700 text-white' : 'border-2 border-gray-600 text-gray-900'}`}
            >
              {a.current ? 'Current' : 'Superseded'}
            </strong>
            <a href={a.url} download={a.filename} data-testid={a.current ? 'admin-authority' : undefined}>
              {a.current ? 'Download the signed authority (PDF)' : 'Download the superseded authority (PDF)'}
            </a>
            , signed {formatDateTime(a.signedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed authorities, the P87 worksheet and every stored file. */
export function ClaimDocuments({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <SignedAuthorities claim={claim} />

      <h2 className="mb-2 text-2xl">P87 worksheet</h2>
      <p className="mb-8">
        <a href={hrefOf('p87Worksheet', { params: { id: claim.id } })} download>
          Download the P87 worksheet (PDF)
        </a>
        : every answer in the order of HMRC&rsquo;s P87, with what is missing marked.
      </p>

      <h2 className="mb-2 text-2xl">Files</h2>
      {claim.files.length === 0 ? (
        <p className="mb-8">No files.</p>
      ) : (
        <ul className="mb-8 space-y-2">
          {claim.files.map((f) => (
            <li key={f.id} className="wrap-anywhere">
              <a href={f.url} download={f.filename}>
                Download {answerLabel('fileKind', f.kind)?.toLowerCase().replace(/^p60/, 'P60')}
                {f.taxYear ? ` for ${f.taxYear}` : ''}: {f.filename}
              </a>{' '}
              <span className="text-muted">({Math.max(1, Math.round(f.size / 1024))} KB)</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Where the claim came from and where it was signed. */
export function TrackingDetails({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <h2 className="mb-2 text-2xl">Tracking</h2>
      <SummaryList
        rows={[
          ['Affiliate', String(claim.tracking.affiliate ?? '')],
          ['Campaign (UTM)', claim.tracking.utm ? JSON.stringify(claim.tracking.utm) : ''],
          ['Landing URL', String(claim.tracking.fullUrl ?? '')],
          ['Signed at', formatDateTime(claim.tracking.signedAt as string | null)],
          ['IP address', String(claim.tracking.signedIp ?? claim.tracking.ipAddress ?? '')],
          ['Browser', String(claim.tracking.signedUserAgent ?? claim.tracking.userAgent ?? '')],
        ]}
      />
    </>
  );
}

/** Status moves and the audit trail. */
export function ClaimHistory({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <h2 className="mb-2 text-2xl">Status history</h2>
      {claim.history.length === 0 ? (
        <p className="mb-8">No changes yet.</p>
      ) : (
        <ol className="mb-8 space-y-2">
          {claim.history.map((h) => (
            <li key={h.id} className="wrap-anywhere">
              {formatDateTime(h.created_at)}: {statusLabel(h.from_status)} to {statusLabel(h.to_status)} by{' '}
              {h.operator ?? 'unknown'}
              {h.reason ? `. Reason: ${h.reason}` : ''}
            </li>
          ))}
        </ol>
      )}

      <h2 className="mb-2 text-2xl">Audit trail</h2>
      <ul className="mb-8 space-y-1">
        {claim.audit.map((a) => (
          <li key={a.id} className="wrap-anywhere">
            {formatDateTime(a.created_at)}: {answerLabel('auditAction', a.action)} by{' '}
            {a.operator ?? 'an unknown operator'}
          </li>
        ))}
      </ul>
    </>
  );
}
