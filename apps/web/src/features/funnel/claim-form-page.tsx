import { useReducer, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authorityInputOfGeneralClaim, buildAuthorityDocument } from '@taxback/domain';
import { isExpenseId, type ExpenseId } from '@taxback/domain/expenses';
import { claimFormSchema } from '@taxback/domain/schemas';
import { AuthorityDocumentView } from '../../components/authority/authority-document.tsx';
import { NO_SIGNATURE, SignatureChoice } from '../../components/authority/signature-choice.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { call } from '../../lib/api/client.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { useSettings } from '../../lib/settings.ts';
import { marketingSiteUrl } from '../../lib/marketing-url.ts';
import { redirectTo } from '../../lib/redirect.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { paths } from '../../lib/paths.ts';
import {
  clearFunnel,
  getAffiliate,
  getAssessmentData,
  getSelectedExpenses,
  getUtmData,
  rememberDetailsSessionId,
  rememberFunnelSessionId,
  resolveFunnelSessionId,
  trackingFields,
} from '../../lib/funnel-storage.ts';
import {
  FIELD_ORDER,
  INITIAL_SEND,
  SIGNATURE_FIELD_ID,
  fieldsReducer,
  initialFields,
  sendReducer,
  signatureErrors,
  validateValues,
  type FieldName,
  type Values,
} from './claim-form-state.ts';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit form. Please try again.';
/** Decision 036: a busy server answers 503 at once; nothing was stored and the form keeps its values. */
export const SUBMIT_BUSY_MESSAGE =
  'We are very busy just now and your claim was not sent. Everything you entered is still here: please try again in a moment.';
/**
 * SPEC §9 sent the claimant to the marketing site 3 s after the success dialog; D30 drops that
 * redirect: a funnel claim cannot go to HMRC until its details are added, so the dialog's main
 * action is "Add the details HMRC needs", and the marketing site opens only when the claimant
 * chooses to finish later.
 */
export const ADD_DETAILS_LABEL = 'Add the details HMRC needs';
/**
 * Where the claimant goes after submitting. From the content module (D13): a build-time setting,
 * because CSP forbids the inline script a runtime override would need.
 */

const FIELDS: Record<
  FieldName,
  {
    label: string;
    type: string;
    autoComplete: string;
    inputMode: 'text' | 'email' | 'tel';
    maxLength: number;
    hint?: string;
  }
> = {
  firstName: {
    label: 'First name',
    type: 'text',
    autoComplete: 'given-name',
    inputMode: 'text',
    maxLength: 100,
  },
  lastName: {
    label: 'Last name',
    type: 'text',
    autoComplete: 'family-name',
    inputMode: 'text',
    maxLength: 100,
  },
  email: { label: 'Email address', type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  phone: {
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: 20,
    hint: 'A UK number, for example 07700 900123',
  },
};

function expensesFromState(state: unknown): ExpenseId[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const list = (state as { selectedExpenses?: unknown }).selectedExpenses;
  if (!Array.isArray(list)) return null;
  const ids = list.filter(isExpenseId);
  return ids.length > 0 ? ids : null;
}

/**
 * The claim form at /complete (SPEC §2, §5): contact details and a signature, drawn or (issue 32) the
 * name typed, POST /api/claims.
 */
export function ClaimFormPage() {
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle('Complete Your Claim');
  const [sessionId] = useState(() => {
    const id = resolveFunnelSessionId(location.state);
    if (id) rememberFunnelSessionId(id);
    return id;
  });
  const [expenses] = useState(() => expensesFromState(location.state) ?? getSelectedExpenses());
  const [fields, change] = useReducer(fieldsReducer, NO_SIGNATURE, initialFields);
  const { values, signature, errors } = fields;
  const [send, sendStep] = useReducer(sendReducer, INITIAL_SEND);
  const submitted = send.phase === 'sent';
  const settings = useSettings();
  const inFlight = useRef(false);
  const detailsSession = useRef<string | null>(null);

  if (!sessionId && !submitted) {
    return <Navigate to={paths.home.getHref()} replace state={{ error: 'Session expired' }} />;
  }
  if (expenses.length === 0 && !submitted) return <Navigate to={paths.expenses.getHref()} replace />;

  const finish = () => redirectTo(marketingSiteUrl());
  const addDetails = () =>
    void navigate(paths.claimDetails.getHref(), { state: { sessionId: detailsSession.current } });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || submitted || !sessionId) return;
    const local: Record<string, string> = { ...validateValues(values), ...signatureErrors(signature) };
    if (Object.keys(local).length > 0) {
      change({ type: 'errors', errors: local });
      return;
    }
    const parsed = claimFormSchema.parse(values);
    const utm = getUtmData();
    const assessment = getAssessmentData();
    inFlight.current = true;
    sendStep({ type: 'send' });
    const result = await call('submitClaim', {
      sessionId,
      body: {
        ...parsed,
        signature: signature.dataUrl ?? '',
        signatureMethod: signature.method,
        ...(signature.typedName ? { typedName: signature.typedName } : {}),
        selectedExpenses: expenses,
        earnsOver18k: true,
        affiliateName: getAffiliate(),
        utmData: trackingFields(utm),
        fullUrl: utm?.full_url ?? window.location.href,
        ...(assessment ? { assessmentData: { ...assessment, qualifies: 'yes' } } : {}),
      },
      timeoutMs: 30_000,
    });
    if (result.ok) {
      sendStep({
        type: 'accepted',
        authorityUrl: result.data.authorityUrl,
        reference: result.data.reference,
      });
      change({ type: 'sent' });
      clearFunnel();
      // D30: the details journey carries on with this claim's session, here or after a reload.
      detailsSession.current = sessionId;
      rememberDetailsSessionId(sessionId);
    } else if (result.status === 400 && result.errors) {
      sendStep({ type: 'refused' });
      change({ type: 'errors', errors: result.errors });
    } else {
      sendStep({
        type: 'failed',
        message: result.status === 503 ? SUBMIT_BUSY_MESSAGE : SUBMIT_FAILED_MESSAGE,
      });
    }
    inFlight.current = false;
  };

  const incomplete = FIELD_ORDER.some((f) => values[f].trim() === '') || !signature.dataUrl;
  // D19: the shorter authority, as the server will sign it, updated as the claimant types.
  const authority = settings ? generalAuthority(values, expenses, settings) : null;

  const downloadAuthority = () => {
    if (send.phase !== 'sent' || !send.authorityUrl || !sessionId) return;
    sendStep({ type: 'download', state: 'busy' });
    const url = send.authorityUrl;
    void downloadFile(sessionId, url, 'signed-authority.pdf').then((ok) =>
      sendStep({ type: 'download', state: ok ? 'idle' : 'error' }),
    );
  };

  return (
    <Container width="narrow" className="py-8">
      <Button
        variant="link"
        className="mb-4 -ml-1"
        onClick={() => void navigate(paths.expenses.getHref(), { state: location.state })}
      >
        <span aria-hidden="true">‹</span> Back
      </Button>
      <h1 className="mb-2 text-3xl">Complete Your Claim</h1>
      <p className="mb-6 text-lg">Tell us how to contact you and sign to authorise your claim.</p>
      <ErrorSummary errors={fields.summary} focusKey={fields.summaryKey} />
      {send.phase === 'editing' && send.error && (
        <p
          role="alert"
          className="mb-6 rounded-md border-2 border-danger bg-danger-bg p-4 font-semibold text-danger"
        >
          {send.error}
        </p>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
        <ContactFields
          values={values}
          errors={errors}
          setField={(name, raw) => change({ type: 'typed', name, raw })}
          blurField={(name) => change({ type: 'left', name })}
        />
        {authority ? (
          <AuthorityDocumentView document={authority} />
        ) : (
          <p role="status" data-testid="authority-loading">
            Loading the authority you are about to sign…
          </p>
        )}
        <SignatureChoice
          id={SIGNATURE_FIELD_ID}
          label="Your signature"
          clearLabel="Clear Signature"
          onChange={(value) => change({ type: 'signed', value })}
          error={errors.signature}
        />
        <SubmitClaim
          incomplete={incomplete}
          disabled={!authority || submitted}
          submitting={send.phase === 'sending'}
        />
      </form>
      <ClaimSubmittedDialog
        open={submitted}
        reference={send.phase === 'sent' ? send.reference : null}
        authorityUrl={send.phase === 'sent' ? send.authorityUrl : null}
        download={send.phase === 'sent' ? send.download : 'idle'}
        onDownload={downloadAuthority}
        onAddDetails={addDetails}
        onClose={finish}
      />
    </Container>
  );
}

/** SPEC §9: the success dialog, with the reference and the signed authority's download. */
function ClaimSubmittedDialog({
  open,
  reference,
  authorityUrl,
  download,
  onDownload,
  onAddDetails,
  onClose,
}: {
  open: boolean;
  reference: string | null;
  authorityUrl: string | null;
  download: 'idle' | 'busy' | 'error';
  onDownload: () => void;
  onAddDetails: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title="Claim Submitted Successfully!">
      <p className="mb-4">
        Thank you. We have received your claim. HMRC needs a few more details before we can send it: your date
        of birth, address, National Insurance number, employer and the amounts for each year. It takes about 5
        minutes, and you can finish later from the link we have texted and emailed you.
      </p>
      {reference && (
        <p className="mb-4" data-testid="claim-reference">
          Your reference is <strong className="break-all">{reference}</strong>. We have texted and emailed it
          to you: use it to <a href={paths.status.getHref(reference)}>follow your claim</a>.
        </p>
      )}
      {authorityUrl && (
        <div className="mb-4">
          <Button variant="link" loading={download === 'busy'} onClick={onDownload}>
            Download your signed authority (PDF)
          </Button>
          {download === 'error' && (
            <p role="alert" className="text-sm font-semibold text-danger">
              The download failed. Please try again.
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onAddDetails} data-testid="add-details">
          {ADD_DETAILS_LABEL}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Finish later
        </Button>
      </div>
    </Modal>
  );
}

/** The claim form's contact fields, in FIELD_ORDER. */
function ContactFields({
  values,
  errors,
  setField,
  blurField,
}: {
  values: Values;
  errors: Record<string, string>;
  setField: (name: FieldName, raw: string) => void;
  blurField: (name: FieldName) => void;
}) {
  return (
    <>
      {FIELD_ORDER.map((name) => {
        const f = FIELDS[name];
        return (
          <TextField
            key={name}
            id={name}
            label={f.label}
            hint={f.hint}
            type={f.type}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            maxLength={f.maxLength}
            spellCheck={name === 'email' ? false : undefined}
            autoCapitalize={name === 'email' ? 'none' : undefined}
            value={values[name]}
            onChange={(v) => setField(name, v)}
            onBlur={() => blurField(name)}
            error={errors[name]}
          />
        );
      })}
    </>
  );
}

/** Submit, disabled with a hint until every field is filled in and the claimant has signed. */
function SubmitClaim({
  incomplete,
  disabled,
  submitting,
}: {
  incomplete: boolean;
  disabled: boolean;
  submitting: boolean;
}) {
  return (
    <div>
      {incomplete && (
        <p id="submit-hint" className="mb-2 text-muted">
          Fill in every field and sign above to submit your claim.
        </p>
      )}
      <Button
        id="submit-claim"
        type="submit"
        fullWidth
        disabled={incomplete || disabled || submitting}
        loading={submitting}
        aria-describedby={incomplete ? 'submit-hint' : undefined}
      >
        {submitting ? 'Submitting...' : 'Submit Claim'}
      </Button>
    </div>
  );
}

/** D19: the general claim's authority as the server will build it from these answers. */
function generalAuthority(
  values: Values,
  expenses: ExpenseId[],
  settings: NonNullable<ReturnType<typeof useSettings>>,
) {
  return buildAuthorityDocument(
    authorityInputOfGeneralClaim(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim().toLowerCase(),
        phone: values.phone.trim(),
        selectedExpenses: expenses,
      },
      settings,
    ),
  );
}
