import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAuthorityDocument } from '@taxback/domain/authority';
import type { AuthorityInput } from '@taxback/domain/authority';
import { AuthorityDocumentView } from './authority-document.tsx';

afterEach(cleanup);

const input: AuthorityInput = {
  kind: 'mileage',
  claimant: {
    fullName: 'Jane Example',
    dateOfBirth: '1985-03-14',
    address: '1 Test Street',
    postcode: 'SW1A 1AA',
    email: 'jane@example.com',
    phone: '07700 900123',
  },
  agent: { companyName: 'Example Claims Ltd', address: '2 Agent Road', hmrcAgentReference: '' },
  fee: { percent: 20, minimumPence: 2_500, vatPercent: 20 },
  years: [
    {
      year: '2024/25',
      employments: [
        { employerName: 'Acme Ltd', payeReference: '', jobTitle: '', miles: 5000, claimablePounds: 1250 },
      ],
      claimablePounds: 1250,
      estimatePounds: 250,
    },
  ],
};

describe('AuthorityDocumentView (D19)', () => {
  it('renders every section of the document under its heading, with rows, lists and paragraphs', () => {
    const doc = buildAuthorityDocument(input);
    render(<AuthorityDocumentView document={doc} />);
    const region = screen.getByRole('region', { name: doc.title });
    const headings = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(doc.sections.map((s) => s.heading));
    expect(within(screen.getByTestId('authority-claimant')).getByText('Date of birth')).toBeInTheDocument();
    expect(screen.getByTestId('authority-claimant')).toHaveTextContent('14 March 1985');
    expect(screen.getByTestId('authority-claim')).toHaveTextContent('Employer PAYE reference');
    expect(screen.getByTestId('authority-claim')).toHaveTextContent('Not given');
    expect(within(screen.getByTestId('authority-authority')).getByRole('listitem')).toHaveTextContent(
      '2024/25: Acme Ltd',
    );
    expect(screen.getByTestId('authority-fee')).toHaveTextContent('you would keep £190');
    expect(screen.getByTestId('authority-fee')).toHaveTextContent(
      'HMRC has not seen or endorsed these terms.',
    );
    expect(screen.getByTestId('authority-signature')).toHaveTextContent('Not signed yet');
  });
});
