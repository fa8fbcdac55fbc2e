import { useCallback, useEffect, useState } from 'react';
import type { JobYearFigures, RebateSummary, YearFigures } from '@taxback/domain';
import type { ClaimDetail as ClaimDetailAnswer, OperatorView } from '@taxback/domain/api/admin-responses';
import { call } from '../../lib/api/admin-client.ts';

/**
 * The claim detail as the contract declares it, with the parts the contract leaves open (the
 * domain's figures and the claimant's own-rate estimate) typed as the server builds them.
 */
export type ClaimDetail = Omit<ClaimDetailAnswer, 'claimant' | 'mileage' | 'estimate'> & {
  claimant: Record<string, string | null>;
  /** The domain's figures for the claim (recomputed by the server), each year with its employer. */
  mileage?: Omit<RebateSummary, 'years'> & {
    vehicle: string;
    employerRatePence: number | null;
    years: Array<
      YearFigures & {
        companyName: string | null;
        employersConnected: 'yes' | 'no' | null;
        jobs: JobYearFigures[];
      }
    >;
  };
  /** D21: the estimate at the claimant's own rates (their band per year, Scottish or not). */
  estimate?: {
    low: number;
    high: number;
    scottish: boolean;
    /** D31: no P60 figures for at least one year: the figure is an upper one. */
    upperFigure?: boolean;
    years: Array<{
      year: string;
      rates: number[];
      low: number;
      high: number;
      upperFigure?: boolean;
      cappedAtTaxPaid?: boolean;
      taxablePay?: number | null;
      taxPaid?: number | null;
    }>;
  };
};

/**
 * D34: whether the operator signed in owns the claim. No one does while the session is unknown or
 * signed out (an unowned claim's null owner is not a missing operator's).
 */
export function ownedBy(
  claim: Pick<ClaimDetail, 'owner'>,
  operator: OperatorView | null | undefined,
): boolean {
  return Boolean(operator && claim.owner?.id === operator.id);
}

/** Loads one claim's detail; `load` again after a change. */
export function useClaimDetail(id: string) {
  const [claim, setClaim] = useState<ClaimDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await call('getClaim', { params: { id } });
    if (res.ok) setClaim(res.data as ClaimDetail);
    else
      setLoadError(
        res.status === 404
          ? 'There is no claim with this id.'
          : (res.error ?? 'The claim could not be loaded.'),
      );
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  return { claim, loadError, load };
}
