import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  claimableTaxYears,
  datedLogMiles,
  leftOutMilesClaimed,
  leftOutMilesField,
  leftOutMilesMessage,
  ukIsoDate,
  unansweredPlacesMessage,
  type Journey,
  type PlaceFactsDraft,
  type WizardSnapshot,
} from '@taxback/domain';
import { THIRTY_MONTH_SITE, TWELVE_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import { fieldId } from '../lib/validation.ts';
import {
  completedSnapshot,
  installFakeServer,
  installFakeXhr,
  renderWizard,
} from '../../../../test/wizard-helpers.tsx';

vi.mock('signature_pad', async () => ({
  default: (await import('../../../../test/signature-pad-mock.ts')).MockPad,
}));

const [y1, y2] = claimableTaxYears().map((y) => y.year) as [string, string];
const slug1 = y1.replace('/', '-');

type Extra = NonNullable<Parameters<typeof installFakeServer>[0]>['extra'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(server: Record<string, unknown> = {}, extra?: Extra) {
  const snapshot = completedSnapshot({ [y1]: 5000, [y2]: 3000 });
  const fake = installFakeServer({
    saved: { snapshot, currentStep: 'evidence', lastStepCompleted: 'employer-rate', revision: 7, server },
    ...(extra ? { extra } : {}),
  });
  const xhr = installFakeXhr();
  const view = renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
  return { fake, xhr, ...view };
}

/** The second year's generated log, as the server lists it. */
const Y2_LOG = {
  [y2]: {
    pdf: {
      id: '00000000-0000-4000-8000-000000000003',
      url: '/api/files/00000000-0000-4000-8000-000000000003',
      filename: 'mileage-log.pdf',
    },
    csv: {
      id: '00000000-0000-4000-8000-000000000004',
      url: '/api/files/00000000-0000-4000-8000-000000000004',
      filename: 'mileage-log.csv',
    },
  },
};

/** The evidence step of a claim with the second year's generated log. */
async function openWith(snapshot: WizardSnapshot) {
  const fake = installFakeServer({
    saved: {
      snapshot,
      currentStep: 'evidence',
      lastStepCompleted: 'employer-rate',
      revision: 7,
      server: { mileageLogs: Y2_LOG },
    },
  });
  renderWizard();
  await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
  return fake;
}

// EIM32080 (24 months or less expected, at 40% or more of the time): a temporary workplace.
const TEMPORARY_SITE: PlaceFactsDraft = TWELVE_MONTH_SITE;

function pdf(name = 'log.pdf', size = 2048) {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf' });
}

describe('step 8 evidence', () => {
  it('asks for evidence for every selected year that has none', async () => {
    await open();
    expect(screen.getByTestId(`evidence-year-${slug1}`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText(`Evidence required for ${y1}`)).toBeInTheDocument();
    expect(within(summary).getByText(`Evidence required for ${y2}`)).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step')).toHaveAttribute('data-step', 'evidence');
    const input = screen.getByLabelText(`Upload files for ${y1}`);
    expect(input).toHaveAttribute('accept', '.pdf,.xlsx,.xls,.docx,.doc,.csv,.jpg,.jpeg,.png');
    expect(input).toHaveAttribute('multiple');
  });

  it('uploads with a progress bar, lists the file with its size and clears the error for that year', async () => {
    const { xhr, sessionId } = await open();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('alert', { name: 'There is a problem' });

    fireEvent.change(screen.getByLabelText(`Upload files for ${y1}`), { target: { files: [pdf()] } });
    expect(xhr.sent).toHaveLength(1);
    const req = xhr.sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/onboarding/files');
    expect(req.headers['X-Session-Id']).toBe(sessionId);
    expect(req.body?.get('kind')).toBe('evidence');
    expect(req.body?.get('taxYear')).toBe(y1);
    expect((req.body?.get('file') as File).name).toBe('log.pdf');

    act(() => req.progress(1024, 2048));
    const bar = screen.getByLabelText('Uploading log.pdf');
    expect(bar.tagName).toBe('PROGRESS');
    expect(bar).toHaveAttribute('value', '50');

    act(() =>
      req.respond(201, {
        id: '00000000-0000-4000-8000-000000000001',
        filename: 'log.pdf',
        url: '/api/files/00000000-0000-4000-8000-000000000001',
        type: 'application/pdf',
        size: 2048,
      }),
    );
    const item = await screen.findByTestId('evidence-file-00000000-0000-4000-8000-000000000001');
    expect(item).toHaveTextContent('log.pdf');
    expect(item).toHaveTextContent('2.0 KB');
    expect(screen.queryByLabelText('Uploading log.pdf')).toBeNull();
    // The error for this year clears as soon as it has a file; the other year still needs one.
    expect(screen.queryByText(`Evidence required for ${y1}`)).toBeNull();
    expect(screen.getAllByText(`Evidence required for ${y2}`).length).toBeGreaterThan(0);
  });

  it("shows the server's message for a refused file beside that file", async () => {
    const { xhr } = await open();
    fireEvent.change(screen.getByLabelText(`Upload files for ${y1}`), {
      target: { files: [pdf('big.pdf'), pdf('fake.pdf')] },
    });
    expect(xhr.sent).toHaveLength(2);
    act(() => xhr.sent[0]!.respond(413, { error: 'The file is too large. The maximum size is 10 MB.' }));
    act(() =>
      xhr.sent[1]!.respond(415, { error: 'The file must be a PDF, Excel, Word, CSV, JPG or PNG file' }),
    );
    const errors = await screen.findAllByTestId(`evidence-upload-error-${slug1}`);
    expect(errors[0]).toHaveTextContent('big.pdf: The file is too large. The maximum size is 10 MB.');
    expect(errors[1]).toHaveTextContent(
      'fake.pdf: The file must be a PDF, Excel, Word, CSV, JPG or PNG file',
    );
  });

  it('refuses a file type or size it can see before sending anything', async () => {
    const { xhr } = await open();
    fireEvent.change(screen.getByLabelText(`Upload files for ${y1}`), {
      target: { files: [new File(['MZ'], 'setup.exe'), pdf('huge.pdf', 11 * 1024 * 1024)] },
    });
    expect(xhr.sent).toHaveLength(0);
    const errors = screen.getAllByTestId(`evidence-upload-error-${slug1}`);
    expect(errors[0]).toHaveTextContent(
      'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.',
    );
    expect(errors[1]).toHaveTextContent('The file is too large. The maximum size is 10 MB.');
  });

  it('takes dropped files', async () => {
    const { xhr } = await open();
    fireEvent.drop(screen.getByTestId(`evidence-upload-${slug1}-drop`), {
      dataTransfer: { files: [pdf('drop.pdf')] },
    });
    expect(xhr.sent).toHaveLength(1);
    expect((xhr.sent[0]!.body?.get('file') as File).name).toBe('drop.pdf');
  });
});

describe('step 8 evidence: removing files and the generated log', () => {
  it('removes an uploaded file on the server and in the list', async () => {
    const { fake } = await open(
      {
        evidenceFiles: {
          [y1]: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              filename: 'a.pdf',
              url: '/api/files/00000000-0000-4000-8000-000000000001',
              type: 'application/pdf',
              size: 10,
            },
          ],
          [y2]: [
            {
              id: '00000000-0000-4000-8000-000000000002',
              filename: 'b.png',
              url: '/api/files/00000000-0000-4000-8000-000000000002',
              type: 'image/png',
              size: 5_000_000,
            },
          ],
        },
      },
      (method, url) =>
        method === 'DELETE' && url === '/api/onboarding/files/00000000-0000-4000-8000-000000000001'
          ? { status: 204 }
          : undefined,
    );
    expect(screen.getByTestId('evidence-file-00000000-0000-4000-8000-000000000002')).toHaveTextContent(
      '4.8 MB',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    await waitFor(() =>
      expect(screen.queryByTestId('evidence-file-00000000-0000-4000-8000-000000000001')).toBeNull(),
    );
    expect(
      fake.calls.some(
        (c) =>
          c.method === 'DELETE' && c.url === '/api/onboarding/files/00000000-0000-4000-8000-000000000001',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByTestId('wizard-continue'));
    expect(await screen.findAllByText(`Evidence required for ${y1}`)).not.toHaveLength(0);
    expect(screen.queryByText(`Evidence required for ${y2}`)).toBeNull();
  });

  it('goes on to the review when every year has evidence (a generated log counts)', async () => {
    await open({
      evidenceFiles: {
        [y1]: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            filename: 'a.pdf',
            url: '/api/files/00000000-0000-4000-8000-000000000001',
            type: 'application/pdf',
            size: 10,
          },
        ],
      },
      mileageLogs: Y2_LOG,
    });
    expect(screen.getByTestId(`mileage-log-${y2.replace('/', '-')}-pdf`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
  });

  it('Build Log enters the journey setup; Back from it returns to the evidence', async () => {
    await open();
    fireEvent.click(screen.getByTestId(`build-log-${slug1}`));
    await screen.findByRole('heading', { level: 1, name: 'Your business journeys' });
    expect(screen.getByTestId('journey-0')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('wizard-back'));
    await screen.findByRole('heading', { level: 1, name: 'Evidence of your business mileage' });
  });
});

describe('step 8 evidence: the log against the claim (D25)', () => {
  // D25: the log rebuilt from the journeys must total the miles claimed for the year.
  it('says where the rebuilt log and the claim differ, and can claim the log miles', async () => {
    const journey = {
      id: '00000000-0000-4000-8000-000000000005',
      startAddress: 'WN2 1AR',
      endAddress: 'SK5 6AQ',
      frequency: 'monthly' as const,
      tripType: 'return' as const,
      reason: 'site-visit' as const,
      customReason: '',
      distance: 10,
    };
    // Decision 081: the place answered (a temporary workplace, EIM32080), so its journeys count.
    const snapshot = completedSnapshot(
      { [y2]: 3000 },
      { journeys: [journey], workplaces: [{ place: 'SK5 6AQ', facts: TEMPORARY_SITE }] },
    );
    const logMiles = Math.floor(
      datedLogMiles({
        journeys: [journey],
        year: y2,
        nation: 'england-and-wales',
        today: ukIsoDate(new Date()),
      }),
    );
    const fake = await openWith(snapshot);
    const slug2 = y2.replace('/', '-');
    // A monthly return trip of 10 miles: 12 × 20 = 240 miles in a whole past year, not 3,000.
    expect(logMiles).toBeLessThan(3000);
    expect(screen.getByTestId(`log-miles-${slug2}`)).toHaveTextContent(
      `${y2}: the mileage log adds up to ${logMiles.toLocaleString('en-GB')} miles; the claim states 3,000 miles.`,
    );
    fireEvent.click(screen.getByTestId(`use-log-miles-${slug2}`));
    expect(screen.queryByTestId('log-miles-check')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
    await waitFor(() => expect(fake.puts()).toHaveLength(1));
    const put = fake.puts()[0] as {
      snapshot: { taxYears: Array<{ year: string; jobs: Array<{ businessMiles: number }> }> };
    };
    expect(put.snapshot.taxYears.find((y) => y.year === y2)?.jobs[0]?.businessMiles).toBe(logMiles);
  });
});

// Decision 081 (D39 with D25): a year cannot claim the miles the business-journey test leaves out.
describe('step 8 evidence: the business-journey test', () => {
  const slug2 = y2.replace('/', '-');
  const site: Journey = {
    id: 'site',
    startAddress: 'WN2 1AR',
    endAddress: 'M1 1AE',
    frequency: 'daily',
    tripType: 'return',
    reason: 'temporary-workplace',
    customReason: '',
    distance: 5,
  };
  const client: Journey = {
    ...site,
    id: 'client',
    endAddress: 'SK5 6AQ',
    frequency: 'monthly',
    distance: 10,
  };

  // EIM32080, booklet 490 paras 3.18-3.20: 30 months expected at 60% of the time is a permanent
  // workplace, so the site's journeys are commuting and left out of the log and the claim.
  it('refuses the higher figure, naming the place, the reason and the log miles, until it is lowered', async () => {
    const snapshot = completedSnapshot(
      { [y2]: 3000 },
      {
        journeys: [site, client],
        workplaces: [
          { place: 'M1 1AE', facts: THIRTY_MONTH_SITE },
          { place: 'SK5 6AQ', facts: TEMPORARY_SITE },
        ],
      },
    );
    const [found] = leftOutMilesClaimed(snapshot, { logKeys: [y2], uploadYears: [] }, ukIsoDate(new Date()));
    if (!found) throw new Error('the site must be left out');
    const fake = await openWith(snapshot);
    const item = screen.getByTestId(`log-miles-${slug2}`);
    expect(within(item).getByTestId(`left-out-miles-${slug2}`)).toHaveTextContent(
      'Journeys to M1 1AE are left out',
    );
    expect(within(item).queryByRole('button', { name: /remove the log/ })).toBeNull();

    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const message = leftOutMilesMessage(found, false);
    expect(summary).toHaveTextContent(message);
    const claimButton = screen.getByTestId(`use-log-miles-${slug2}`);
    expect(within(summary).getByRole('link')).toHaveAttribute('href', `#${claimButton.id}`);
    expect(claimButton.id).toBe(fieldId(leftOutMilesField(found)));
    expect(claimButton).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Evidence of your business mileage' }),
    ).toBeInTheDocument();

    fireEvent.click(claimButton);
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-continue'));
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' });
    await waitFor(() => expect(fake.puts()).toHaveLength(1));
  });

  it('a claim restored without the answers is asked them before it goes on', async () => {
    await openWith(completedSnapshot({ [y2]: 3000 }, { journeys: [site] }));
    fireEvent.click(screen.getByTestId('wizard-continue'));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(unansweredPlacesMessage(['M1 1AE']));
    fireEvent.click(screen.getByTestId('answer-places'));
    await screen.findByRole('heading', { level: 1, name: 'Your business journeys' });
  });
});
