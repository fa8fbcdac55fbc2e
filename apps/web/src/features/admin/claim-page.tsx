import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useAdminSession } from './admin-session.tsx';
import { useAdminTitle } from './admin-title.ts';
import { useClaimDetail } from './claim-detail.ts';
import { ClaimEditForm, DetailChanges } from './claim-edit-form.tsx';
import { NotesSection, StatusForm } from './claim-forms.tsx';
import { HmrcRecords, OwnerPanel } from './claim-record.tsx';
import { YearAnswers } from './claim-year-answers.tsx';
import { InvoicePanel } from './claim-invoice.tsx';
import { ClientMoneyPanel } from './claim-client-money.tsx';
import { InformationRequestForm } from './claim-request-form.tsx';
import { ThreadSection, useClaimThread } from './claim-thread.tsx';
import {
  ClaimDocuments,
  ClaimHistory,
  ClaimReadiness,
  ClaimSummary,
  ClaimantDetails,
  EmploymentDetails,
  MileageFigures,
  PossibleDuplicates,
  ClaimCase,
  TrackingDetails,
  WorkedWithCase,
} from './claim-sections.tsx';

/** /admin/claims/:id: every stored field in groups, files, readiness, workflow, thread, notes and audit. */
export function ClaimPage() {
  const { id = '' } = useParams();
  const { claim, loadError, load } = useClaimDetail(id);
  const { operator } = useAdminSession();
  const thread = useClaimThread(id);
  const reload = async () => {
    await Promise.all([load(), thread.load()]);
  };
  // The title begins with the page's heading: the reference (issue 32 item 8).
  useAdminTitle(claim ? claim.reference : loadError ? 'Claim not found' : 'Claim');

  if (loadError)
    return (
      <div>
        <h1 className="text-3xl">Claim not found</h1>
        <p className="mt-4">{loadError}</p>
        <p className="mt-4">
          <Link to={paths.adminClaims.getHref()}>Back to claims</Link>
        </p>
      </div>
    );
  if (!claim) return <p role="status">Loading the claim…</p>;
  const following = claim.worksWithCase !== null;

  return (
    <div>
      <p className="mb-4">
        <Link to={paths.adminClaims.getHref()}>Back to claims</Link>
      </p>
      <span className="text-muted">{claim.kind === 'general' ? 'General claim' : 'Mileage claim'}</span>
      <h1 className="mb-6 text-3xl">{claim.reference}</h1>
      <WorkedWithCase claim={claim} />
      <ClaimSummary claim={claim} />
      {/* D38: a claim that follows its case is owned, moved and answered as the case. */}
      {following ? null : <OwnerPanel claim={claim} onChanged={load} />}
      <PossibleDuplicates claim={claim} admin={operator?.role === 'admin'} onChanged={reload} />
      <ClaimCase claim={claim} />
      <ClaimReadiness claim={claim} />
      {following ? null : (
        <>
          <StatusForm claim={claim} onChanged={reload} />
          <InformationRequestForm claim={claim} onChanged={reload} />
        </>
      )}
      <ClaimEditForm claim={claim} onChanged={reload} />
      {following ? null : (
        <>
          <HmrcRecords claim={claim} onChanged={reload} />
          <YearAnswers claim={claim} onChanged={reload} />
          <InvoicePanel claim={claim} onChanged={reload} />
          <ClientMoneyPanel claim={claim} />
        </>
      )}
      <ClaimantDetails claim={claim} />
      <EmploymentDetails claim={claim} />
      <MileageFigures claim={claim} />
      <ClaimDocuments claim={claim} />
      <TrackingDetails claim={claim} />
      {/* minmax(0, 1fr) columns and min-w-0 items: a long word wraps in its column, never widens it. */}
      <div className="grid grid-cols-1 gap-x-8 lg:grid-cols-2 [&>*]:min-w-0">
        <ThreadSection claim={claim} thread={thread.thread} onChanged={reload} />
        <div>
          <ClaimHistory claim={claim} />
        </div>
      </div>
      <NotesSection claim={claim} onAdded={load} />
      <DetailChanges claim={claim} />
    </div>
  );
}
