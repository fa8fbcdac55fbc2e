// A mileage claim made through the public API the wizard's own pages call (decision 086): the
// draft saved up to the evidence (PUT /api/onboarding), a PDF of evidence for each year, the
// signature with the three agreements, the NI number and the submission, on the real server and
// database. For the specs whose assertions begin once a claim exists (the operator's screens, the
// status page, invoices, client money); the journey itself is clicked in `wizard-complete.e2e.ts`
// and, from the affiliate's link, in `admin.e2e.ts`.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { NEW_CLAIM_REFERENCE_PATTERN, createSessionId } from '@taxback/domain';
import { waitForOnboardingClaim } from './db.ts';
import { makePdf, makePngBytes } from './sample-files.ts';
import { employment, mileageSnapshot } from './snapshots.ts';
import {
  DEFAULT_DATE_OF_BIRTH,
  OFFERED_YEARS,
  employmentsOf,
  expectStep,
  jobsOf,
  yearSlug,
  type WizardClaimant,
} from './wizard.ts';

/** Where the wizard keeps its tab's session id (the web app's SESSION_STORAGE_KEY). */
const WIZARD_SESSION_KEY = 'onboarding_session_id';

/** The snapshot the wizard saves for `who` once the employer-rate step is answered. */
export function wizardSnapshotOf(who: WizardClaimant, affiliateName: string | null = null) {
  const selected = new Map(who.years.map((y) => [y.year, y]));
  return mileageSnapshot(
    { years: [] },
    {
      eligibilityData:
        who.companyVehicleVRM === undefined
          ? { drivesForWork: 'yes', vehicleVRM: '' }
          : { drivesForWork: 'company-vehicle', vehicleVRM: who.companyVehicleVRM },
      personalInfo: {
        title: '',
        firstName: who.firstName,
        lastName: who.lastName,
        dateOfBirth: { ...(who.dateOfBirth ?? DEFAULT_DATE_OF_BIRTH) },
        email: who.email,
        phone: who.phone,
        homeAddress: who.address,
        postcode: who.postcode,
      },
      vehicleInfo: { type: who.vehicle },
      employments: employmentsOf(who).map((e, i) =>
        employment(`job-${i + 1}`, e.employerName, {
          payeReference: e.payeReference ?? '',
          noPayeReference: e.payeReference === null,
          jobTitle: e.jobTitle,
          continuing: e.endDate ? 'no' : 'yes',
          endDate: e.endDate ?? { day: '', month: '', year: '' },
        }),
      ),
      taxYears: OFFERED_YEARS.map((year) => {
        const chosen = selected.get(year);
        return {
          year,
          selected: chosen !== undefined,
          employersConnected: chosen?.connected === undefined ? '' : chosen.connected ? 'yes' : 'no',
          jobs: chosen ? jobsOf(who, chosen).map((job) => jobYearOf(who, job)) : [],
        };
      }),
      affiliateName,
    },
  );
}

function jobYearOf(who: WizardClaimant, job: ReturnType<typeof jobsOf>[number]) {
  const paid = job.miles > 0 ? job.paid : null;
  return {
    employmentId: job.id,
    vehicle: job.vehicle ?? who.vehicle,
    businessMiles: job.miles,
    paidKind: paid?.kind ?? '',
    paidPencePerMile: paid?.kind === 'ppm' ? paid.pence : 0,
    paidTotalPounds: paid?.kind === 'total' ? paid.pounds : 0,
  };
}

type Answer = Promise<{ status(): number; text(): Promise<string> }>;

/** The answer, once it is a success (2xx): the wizard's pages go on only then. */
async function accepted<T extends Awaited<Answer>>(what: string, answer: Promise<T>): Promise<T> {
  const res = await answer;
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return res;
}

/**
 * Saves `who`'s answers up to the employer-rate step in a new session, as the wizard does on that
 * step's Continue: the draft stands at the evidence step. Returns the session id.
 */
export async function seedWizardDraft(
  request: APIRequestContext,
  who: WizardClaimant,
  affiliate: string | null = null,
): Promise<string> {
  const sessionId = createSessionId();
  await accepted(
    'the draft saved up to the evidence',
    request.put('/api/onboarding', {
      headers: { 'x-session-id': sessionId },
      data: {
        revision: 0,
        currentStep: 'evidence',
        lastStepCompleted: 'employer-rate',
        snapshot: wizardSnapshotOf(who, affiliate),
      },
    }),
  );
  return sessionId;
}

/**
 * `who`'s draft seeded through the API, then opened in `page` as the claimant's own tab would
 * reopen it (the session id in its sessionStorage): the wizard shows the evidence step, where
 * `completeStepsZeroToSeven` ends. Returns the session id.
 */
export async function openSeededDraft(
  page: Page,
  request: APIRequestContext,
  who: WizardClaimant,
): Promise<string> {
  const sessionId = await seedWizardDraft(request, who);
  await page.addInitScript(([key, id]) => window.sessionStorage.setItem(key, id), [
    WIZARD_SESSION_KEY,
    sessionId,
  ] as const);
  await page.goto('/onboarding');
  await expectStep(page, 'evidence');
  return sessionId;
}

/**
 * Submits `who`'s mileage claim through the wizard's API in a session of its own: each answer
 * must be accepted (2xx), as the wizard's pages require. Returns the claim's reference (the
 * confirmation's), its id and the session id.
 */
export async function seedMileageClaim(
  request: APIRequestContext,
  who: WizardClaimant,
  { affiliate = null, niNumber = 'AB 12 34 56 C' }: { affiliate?: string | null; niNumber?: string } = {},
): Promise<{ reference: string; id: string; sessionId: string }> {
  const sessionId = await seedWizardDraft(request, who, affiliate);
  const headers = { 'x-session-id': sessionId };
  for (const { year } of who.years) {
    const pdf = await makePdf(`evidence-${yearSlug(year)}.pdf`, `Evidence ${year} for ${who.lastName}`);
    await accepted(
      `the evidence for ${year}`,
      request.post('/api/onboarding/files', {
        headers,
        multipart: { kind: 'evidence', taxYear: year, file: pdf },
      }),
    );
  }
  const agreementChecks = { accuracy: true, authorization: true, terms: true };
  const signature = `data:image/png;base64,${makePngBytes(120, 40, 7).toString('base64')}`;
  await accepted(
    'the signature',
    request.post('/api/onboarding/signature', { headers, data: { signature, agreementChecks } }),
  );
  const submitted = await accepted(
    'the submission',
    request.post('/api/onboarding/submit', { headers, data: { niNumber } }),
  );
  const { submissionReference: reference } = (await submitted.json()) as { submissionReference: string };
  expect(reference).toMatch(NEW_CLAIM_REFERENCE_PATTERN);
  const row = await waitForOnboardingClaim(
    sessionId,
    (r) => r.status === 'submitted' && r.submission_reference === reference,
    'submitted with the answered reference',
  );
  return { reference, id: String(row.id), sessionId };
}
