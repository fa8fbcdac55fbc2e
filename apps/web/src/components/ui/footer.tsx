import { Link } from 'react-router';
import { CONTENT } from '@taxback/domain/content';
import { paths } from '../../lib/paths.ts';
import { useFeeSettings } from '../../lib/settings.ts';
import { hasFee } from '../authority/fee-note.tsx';
import { Container } from './container.tsx';

// Props: none. Privacy and terms links, support hours and the brand line.
export function Footer() {
  // D20: "No fees" only while no fee is configured.
  const fee = useFeeSettings();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 py-8 text-muted">
      <Container className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6">
            <li>
              <Link to={paths.privacy.getHref()} className="inline-flex min-h-11 items-center">
                Privacy policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms.getHref()} className="inline-flex min-h-11 items-center">
                Terms and conditions
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm">
          © {new Date().getFullYear()} {CONTENT.brandName}.{' '}
          {hasFee(fee) ? 'Our fee is shown before you sign.' : 'No fees.'} Support {CONTENT.supportHours}.
        </p>
      </Container>
    </footer>
  );
}
