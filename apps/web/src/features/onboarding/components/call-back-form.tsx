import { useReducer, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { call } from '../../../lib/api/client.ts';
import { loadValidation } from '../lib/validation.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { INITIAL_CALL_BACK, callBackReducer } from './call-back-state.ts';

const FIELDS = ['name', 'phone', 'consent'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (f: Field) => `call-back-${f}`;

/**
 * D27: a self-employed or CIS claimant may ask us to call them about Self Assessment. Nothing is
 * kept unless they send this form with the consent box ticked; the server checks the same schema.
 */
export function CallBackForm() {
  const [state, dispatch] = useReducer(callBackReducer, INITIAL_CALL_BACK);
  const { name, phone, consent, errors, attempt, phase } = state;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (phase.kind === 'sending') return;
    const { callBackRequestSchema, fieldErrors, CALL_BACK_MESSAGES } = await loadValidation();
    const checked = callBackRequestSchema.safeParse({ name, phone, consent, topic: 'self-assessment' });
    if (!checked.success) return dispatch({ type: 'refused', errors: fieldErrors(checked) });
    dispatch({ type: 'send' });
    const res = await call('requestCallBack', { body: checked.data });
    if (res.ok) return dispatch({ type: 'sent', message: CALL_BACK_MESSAGES.received });
    dispatch({
      type: 'failed',
      errors: res.errors ?? { form: res.error ?? 'We could not send your request. Please try again.' },
    });
  }

  if (phase.kind === 'sent') {
    return <Notice tone="done" title={phase.message} testId="call-back-sent" />;
  }

  const summary = [
    ...FIELDS.flatMap((f) => (errors[f] ? [{ fieldId: fieldId(f), message: errors[f] }] : [])),
    ...(errors.form ? [{ fieldId: fieldId('name'), message: errors.form }] : []),
  ];
  return (
    <section aria-labelledby="call-back-title" className="space-y-4 rounded-lg border-2 border-gray-300 p-4">
      <h2 id="call-back-title" className="text-2xl">
        Would you like us to call you?
      </h2>
      <p>
        We can call you to talk through claiming your mileage through Self Assessment. We keep your name and
        number only if you ask us to, and delete them once we have called you, or after 30 days.
      </p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="call-back-form">
        <TextField
          id={fieldId('name')}
          label="Your name"
          value={name}
          onChange={(value) => dispatch({ type: 'typed', field: 'name', value })}
          autoComplete="name"
          maxLength={100}
          error={errors.name ?? null}
        />
        <TextField
          id={fieldId('phone')}
          label="Phone number"
          type="tel"
          value={phone}
          onChange={(value) => dispatch({ type: 'typed', field: 'phone', value })}
          autoComplete="tel"
          maxLength={30}
          error={errors.phone ?? null}
        />
        <div className={`flex flex-col gap-1 ${errors.consent ? 'border-l-4 border-danger pl-3' : ''}`}>
          {errors.consent && (
            <p id={`${fieldId('consent')}-error`} className="font-semibold text-danger">
              <span className="sr-only">Error: </span>
              {errors.consent}
            </p>
          )}
          <label className="flex min-h-11 items-start gap-3">
            <input
              id={fieldId('consent')}
              type="checkbox"
              checked={consent}
              onChange={(e) => dispatch({ type: 'ticked', consent: e.target.checked })}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${fieldId('consent')}-error` : undefined}
              className="mt-1 size-6 shrink-0"
            />
            <span>I agree that you may keep my name and phone number to call me about Self Assessment.</span>
          </label>
        </div>
        <Button type="submit" loading={phase.kind === 'sending'} data-testid="call-back-submit">
          Ask for a call back
        </Button>
      </form>
    </section>
  );
}
