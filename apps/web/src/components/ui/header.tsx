import { Link } from 'react-router';
import { CONTENT } from '@taxback/domain/content';
import { StarRating } from './star-rating.tsx';
import { Container } from './container.tsx';
import { paths } from '../../lib/paths.ts';
import { useSiteSettings } from '../../lib/settings.ts';
import { REVIEW_MAX, phoneHref } from '@taxback/domain/site-settings';

// Props: none. Logo linking home, then the review badge and the phone number when configured (issue 32).
export function Header() {
  // Issue 32: the phone number and the rating are configuration, and absent when it has none.
  const { phone, reviewRating: rating } = useSiteSettings();
  const href = phone ? phoneHref(phone) : null;
  return (
    <header className="border-b border-gray-200 bg-white">
      <Container className="flex flex-wrap items-center justify-between gap-x-4 pt-2 pb-2">
        <Link
          to={paths.home.getHref()}
          className="order-1 inline-flex min-h-11 items-center gap-2 text-xl font-extrabold text-brand-700 no-underline"
        >
          <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path
              d="M9 17l5 5 9-11"
              fill="none"
              stroke="#fff"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{CONTENT.brandName}</span>
          <span className="sr-only"> home</span>
        </Link>
        {/* On a phone: logo and phone number on one line, the rating under them (a shorter header). */}
        {phone && href && (
          <a
            href={href}
            className="order-2 inline-flex min-h-11 items-center font-semibold text-brand-700 sm:order-3"
            aria-label={`Call us on ${phone}`}
            data-testid="header-phone"
          >
            <span aria-hidden="true" className="mr-1">
              ☎
            </span>
            {phone}
          </a>
        )}
        {rating !== undefined && (
          <span
            className="order-3 inline-flex w-full items-center gap-1 text-sm text-muted sm:order-2 sm:ml-auto sm:w-auto"
            data-testid="header-rating"
          >
            <StarRating rating={rating} max={REVIEW_MAX} />
            <span aria-hidden="true">
              Rated {rating}/{REVIEW_MAX}
            </span>
          </span>
        )}
      </Container>
    </header>
  );
}
