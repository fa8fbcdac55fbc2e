import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DuplicateActions } from './duplicate-actions.tsx';
import { fakeAdminApi } from '../../../test/admin-helpers.ts';

// D38 (issue 42): an admin merges a possible duplicate into the case, or marks it not one, with
// the reason; the page then loads the claim again.

const OTHER = { id: '00000000-0000-4000-8000-0000000000b2', reference: 'TB 4K7 9MX 2QH' };
const ANSWER = 'POST /api/admin/claims/c1/duplicates';

afterEach(() => vi.unstubAllGlobals());

describe('DuplicateActions', () => {
  it.each([
    ['Merge into this case', 'merge'],
    ['Not a duplicate', 'not-duplicate'],
  ])('“%s” sends the other claim, the action and the reason, then reloads', async (button, action) => {
    const api = fakeAdminApi({ [ANSWER]: { action, caseId: 'c1' } });
    const onChanged = vi.fn(() => Promise.resolve());
    render(<DuplicateActions claimId="c1" other={OTHER} onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText(`Why (for ${OTHER.reference})`), {
      target: { value: 'Same nurse, two sessions' },
    });
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.to(ANSWER).map((c) => c.body)).toEqual([
      { otherId: OTHER.id, action, reason: 'Same nurse, two sessions' },
    ]);
  });

  it('shows the server’s field message and does not reload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ errors: { reason: 'Enter the reason for this change' } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const onChanged = vi.fn(() => Promise.resolve());
    render(<DuplicateActions claimId="c1" other={OTHER} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Merge into this case' }));
    expect(await screen.findAllByText('Enter the reason for this change')).not.toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
