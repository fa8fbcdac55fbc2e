// Decision 052: a receipt in the details journey goes up through the wizard's upload request to
// the details' own route, is listed with its size, and can be removed; a type the rules refuse
// is answered at once, before anything is sent.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetailsEvidence } from '@taxback/domain/api/responses';
import { EvidenceUpload } from './evidence-uploads.tsx';
import type { DetailsController } from './use-details.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORED: DetailsEvidence = {
  id: '0b6f7a4e-8a59-4a51-9b43-6f1f2d3c4b5a',
  section: 'hotel',
  taxYear: '2024/25',
  filename: 'bill.pdf',
  url: '/api/files/0b6f7a4e-8a59-4a51-9b43-6f1f2d3c4b5a',
  size: 2048,
};

function controller(evidence: DetailsEvidence[] = []) {
  return {
    sessionId: 'tx_1764158400000_abcdef123',
    evidence,
    evidenceAdded: vi.fn(),
    evidenceRemoved: vi.fn(),
  } as unknown as DetailsController & { evidenceAdded: ReturnType<typeof vi.fn> };
}

describe('receipts in the details journey (decision 052)', () => {
  it('refuses a file type the evidence rules do not take, without sending it', () => {
    const send = vi.fn();
    vi.stubGlobal('XMLHttpRequest', send);
    vi.stubGlobal('fetch', send);
    const d = controller();
    render(<EvidenceUpload d={d} section="hotel" taxYear="2024/25" label="Hotel bills for 2024/25" />);
    fireEvent.change(screen.getByLabelText('Hotel bills for 2024/25'), {
      target: { files: [new File(['x'], 'bill.exe')] },
    });
    expect(screen.getByTestId('evidence-hotel-2024-25')).toHaveTextContent(
      'This file type is not allowed. Upload a PDF, Word, Excel, CSV, JPG or PNG file.',
    );
    expect(send).not.toHaveBeenCalled();
    expect(d.evidenceAdded).not.toHaveBeenCalled();
  });

  it('lists the files already uploaded for this expense and year only, with a Remove for each', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const d = controller([
      STORED,
      { ...STORED, id: '1b6f7a4e-8a59-4a51-9b43-6f1f2d3c4b5a', taxYear: '2023/24' },
    ]);
    render(<EvidenceUpload d={d} section="hotel" taxYear="2024/25" label="Hotel bills for 2024/25" />);
    expect(screen.getByText('bill.pdf (2.0 KB)')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Remove\s*bill\.pdf$/ }));
    await waitFor(() => expect(d.evidenceRemoved).toHaveBeenCalledWith(STORED.id));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/claims/mine/details/files/${STORED.id}`);
    expect(init.method).toBe('DELETE');
  });
});
