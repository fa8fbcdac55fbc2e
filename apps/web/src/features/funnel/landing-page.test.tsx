import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { isSessionId } from '@taxback/domain/session';
import { CONTENT } from '@taxback/domain/content';
import { LandingPage } from './landing-page.tsx';
import { StartClaimPage } from './start-claim-page.tsx';
import { LocationProbe, renderRoutes } from '../../../test/funnel-helpers.tsx';

// jsdom has no layout engine (ResizeObserver) for embla; the carousel logic under test is ours.
vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

const routes = [
  { path: '/', Component: LandingPage },
  { path: '/start-claim', Component: StartClaimPage },
  { path: '/affiliate/:affiliateName', Component: LandingPage },
  { path: '/expenses', Component: LocationProbe },
];

function navState(): Record<string, unknown> {
  return JSON.parse(screen.getByTestId('state').textContent ?? 'null') as Record<string, unknown>;
}

beforeEach(() => sessionStorage.clear());

describe('LandingPage', () => {
  it('shows the hero and the question', () => {
    renderRoutes(routes, '/');
    expect(screen.getByText("Most UK taxpayers don't know they could be owed a refund.")).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Do you earn over £18k per year?' })).toBeVisible();
    expect(screen.getAllByText('Sample review').length).toBe(CONTENT.testimonials.length);
  });

  it('says "No fees" with no fee set, and with a fee states it and that claiming from HMRC is free (D20)', () => {
    const meta = document.createElement('meta');
    meta.name = 'fee-settings';
    meta.content = '0 0 0';
    document.head.appendChild(meta);
    try {
      const { unmount } = renderRoutes(routes, '/');
      expect(screen.getByRole('heading', { name: 'No fees' })).toBeVisible();
      expect(screen.queryByTestId('claim-for-free')).toBeNull();
      unmount();
      meta.content = '20 2500 20';
      renderRoutes(routes, '/');
      expect(screen.queryByText(/No fees/)).toBeNull();
      expect(screen.getByRole('heading', { name: 'Our fee, in the open' })).toBeVisible();
      expect(screen.getByText(/Our fee: 20% of your refund plus VAT/)).toBeVisible();
      expect(screen.getByTestId('claim-for-free')).toHaveTextContent(
        'anyone can claim tax relief directly from HMRC for free',
      );
    } finally {
      meta.remove();
    }
  });

  it('No shows the message and stays', () => {
    renderRoutes(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: "No, I don't" }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must qualify to proceed');
    expect(screen.getByRole('button', { name: "No, I don't" })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('pathname')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('funnel_session_id')).toBeNull();
  });

  it('Yes creates the session and goes to /expenses with the navigation state, mirrored in storage', () => {
    sessionStorage.setItem(
      'utm_data',
      JSON.stringify({ full_url: 'https://x.test/?utm_source=g', utm_source: 'g' }),
    );
    renderRoutes(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I do' }));
    expect(screen.getByTestId('pathname')).toHaveTextContent('/expenses');
    const state = navState();
    expect(isSessionId(state.sessionId)).toBe(true);
    expect(state.assessmentData).toMatchObject({ qualifies: 'yes', step: 'qualification_completed' });
    expect(state.affiliateName).toBeNull();
    expect(state.utmData).toEqual({ full_url: 'https://x.test/?utm_source=g', utm_source: 'g' });
    expect(sessionStorage.getItem('funnel_session_id')).toBe(state.sessionId);
    expect(JSON.parse(sessionStorage.getItem('funnel_assessment') ?? '{}')).toEqual(state.assessmentData);
    expect(sessionStorage.getItem('funnel_qualification')).toBe('yes');
  });

  it('keeps the first timestamp when the visitor answers Yes again', () => {
    const first = {
      qualifies: 'yes',
      timestamp: '2025-01-01T00:00:00.000Z',
      step: 'returning_to_qualification',
      lastUpdated: '2025-01-01T00:01:00.000Z',
    };
    sessionStorage.setItem('funnel_assessment', JSON.stringify(first));
    renderRoutes(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I do' }));
    expect(navState().assessmentData).toMatchObject({
      timestamp: first.timestamp,
      step: 'qualification_completed',
    });
  });

  it('preselects the earlier answer for a returning visitor', () => {
    sessionStorage.setItem('funnel_qualification', 'yes');
    renderRoutes(routes, '/');
    expect(screen.getByRole('button', { name: 'Yes, I do' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: "No, I don't" })).toHaveAttribute('aria-pressed', 'false');
  });

  it('other call-to-action buttons act as Yes', () => {
    renderRoutes(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Start my claim' }));
    expect(screen.getByTestId('pathname')).toHaveTextContent('/expenses');
  });

  it('passes and stores the affiliate from an affiliate URL', () => {
    renderRoutes(routes, '/affiliate/partner-a');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I do' }));
    expect(navState().affiliateName).toBe('partner-a');
    expect(sessionStorage.getItem('affiliate')).toBe('partner-a');
  });

  it('shows a notice after an expired session', () => {
    renderRoutes(routes, { pathname: '/', state: { error: 'Session expired' } });
    expect(screen.getByRole('status')).toHaveTextContent('Session expired');
  });

  it('start-claim asks the same question with the same behaviour', () => {
    renderRoutes(routes, '/start-claim');
    fireEvent.click(screen.getByRole('button', { name: "No, I don't" }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must qualify to proceed');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I do' }));
    expect(screen.getByTestId('pathname')).toHaveTextContent('/expenses');
  });
});

describe('FAQ accordion', () => {
  it('opens one item at a time', () => {
    renderRoutes(routes, '/');
    const [first, second] = CONTENT.faqs;
    if (!first || !second) throw new Error('content needs two FAQs');
    const b1 = screen.getByRole('button', { name: first.question });
    const b2 = screen.getByRole('button', { name: second.question });
    expect(b1).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(b1);
    expect(b1).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.answer)).toBeVisible();
    fireEvent.click(b2);
    expect(b1).toHaveAttribute('aria-expanded', 'false');
    expect(b2).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.answer)).not.toBeVisible();
    expect(document.getElementById(b2.getAttribute('aria-controls') ?? '')).toBeVisible();
  });
});

// Issue 32: a link to follow a claim; the total claimed only when configured, never a placeholder.
describe('LandingPage: what it claims about us', () => {
  function withSiteSettings(json: string) {
    const meta = document.createElement('meta');
    meta.name = 'site-settings';
    meta.content = json;
    document.head.appendChild(meta);
    return () => meta.remove();
  }

  it('links to the status page to follow a claim', () => {
    const remove = withSiteSettings('{}');
    try {
      renderRoutes(routes, '/');
      expect(screen.getByRole('link', { name: 'Follow your claim' })).toHaveAttribute('href', '/status');
    } finally {
      remove();
    }
  });

  it('shows the total claimed from configuration, and nothing in its place without it', () => {
    const remove = withSiteSettings('{"totalClaimed":"£12 million"}');
    try {
      const { unmount } = renderRoutes(routes, '/');
      expect(screen.getByTestId('total-claimed')).toHaveTextContent(
        'Over £12 million claimed for our customers',
      );
      unmount();
    } finally {
      remove();
    }
    const removeEmpty = withSiteSettings('{}');
    try {
      renderRoutes(routes, '/');
      expect(screen.queryByTestId('total-claimed')).toBeNull();
      expect(document.body).not.toHaveTextContent(/million|0161 000 0000/);
    } finally {
      removeEmpty();
    }
  });
});
