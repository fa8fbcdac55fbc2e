import { useEffect } from 'react';

/** '<page> – TaxBack operators' for each back-office screen. */
export function useAdminTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} – TaxBack operators`;
  }, [page]);
}
