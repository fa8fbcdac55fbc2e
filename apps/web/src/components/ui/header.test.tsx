import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Header } from './header.tsx';
import { renderRoutes } from '../../../test/funnel-helpers.tsx';

// Issue 32: the phone number and the rating come from configuration (the page's site-settings
// meta tag, written by the server), hidden when unset, never a placeholder.
let meta: HTMLMetaElement | null = null;
afterEach(() => meta?.remove());

function renderWith(json: string) {
  meta = document.createElement('meta');
  meta.name = 'site-settings';
  meta.content = json;
  document.head.appendChild(meta);
  renderRoutes([{ path: '/', Component: Header }], '/');
}

describe('Header', () => {
  it('shows the configured phone number as a tel: link and the configured rating', () => {
    renderWith('{"phone":"0161 496 0000","reviewRating":4.5}');
    const phone = screen.getByRole('link', { name: 'Call us on 0161 496 0000' });
    expect(phone).toHaveAttribute('href', 'tel:+441614960000');
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByTestId('header-rating')).toHaveTextContent('Rated 4.5/5');
  });

  it('shows neither, and no placeholder, when they are not configured', () => {
    renderWith('{}');
    expect(screen.getByRole('link', { name: /TaxBack/ })).toBeInTheDocument();
    expect(screen.queryByTestId('header-phone')).toBeNull();
    expect(screen.queryByTestId('header-rating')).toBeNull();
    expect(document.body).not.toHaveTextContent(/0161 000 0000|Rated/);
  });
});
