import { useEffect } from 'react';
import { CONTENT } from '@taxback/domain/content';

/** Sets document.title to '<page> – <brand>' so each screen is announced by its own name. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} – ${CONTENT.brandName}`;
  }, [page]);
}
