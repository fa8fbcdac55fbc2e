import { useReducer, useRef, useState } from 'react';
import { checkUploadName, formatIsoDate, ukIsoDate, UPLOAD_MESSAGES } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { FieldMessages, fieldMessageIds } from '../../components/ui/field-messages.tsx';
import { AmendmentPanel } from './status-amendment.tsx';
import { answerStatusRequest, newDraftKey, sendStatusMessage, uploadStatusFile } from './status-api.ts';
import type { UploadedReplyFile } from './status-api.ts';
import { answerReducer, initialAnswers } from './answer-state.ts';

// Issue 28 (D33): on the status page after the code sign-in, the claimant reads the thread,
// answers each open item (words and files, the evidence rules) and sends; or writes a message.

type Casework = ClaimStatusView['casework'];
type Request = Casework['thread']['requests'][number];

const ukLongDate = (at: string) => formatIsoDate(ukIsoDate(new Date(at)));
const textareaClass = 'min-h-24 w-full rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base';

function TextArea(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { describedBy } = fieldMessageIds(props.id, props.hint, props.error);
  return (
    <div className={`flex flex-col gap-1 ${props.error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={props.id} className="font-semibold">
        {props.label}
      </label>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
      <textarea
        id={props.id}
        rows={3}
        value={props.value}
        aria-describedby={describedBy}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={textareaClass}
      />
    </div>
  );
}

function summaryOf(errors: Record<string, string>) {
  return Object.entries(errors).map(([fieldId, message]) => ({ fieldId, message }));
}

/** One item's answer: words and files, each file uploaded when chosen. */
function ItemAnswer(props: {
  index: number;
  item: Request['items'][number];
  casework: Casework;
  answer: string;
  files: UploadedReplyFile[];
  errors: Record<string, string>;
  onAnswer: (v: string) => void;
  onFile: (file: UploadedReplyFile) => void;
  onError: (field: string, message: string | null) => void;
  requestId: string;
  onAmended: (view: ClaimStatusView) => void;
}) {
  const { index, item } = props;
  const fileId = `answers.${index}.files`;
  const [uploading, setUploading] = useState(false);
  async function choose(file: File | undefined) {
    if (!file) return;
    const local = checkUploadName({ name: file.name, size: file.size }, 'evidence');
    if (local) return props.onError(fileId, local);
    setUploading(true);
    const res = await uploadStatusFile(props.casework, file);
    setUploading(false);
    if (res.ok) {
      props.onError(fileId, null);
      props.onFile(res.data);
    } else props.onError(fileId, res.errors.file ?? res.message);
  }
  const { describedBy } = fieldMessageIds(fileId, 'hint', props.errors[fileId]);
  if (item.kind === 'amendment' && props.casework.amendable)
    return (
      <fieldset className="min-w-0 space-y-3 rounded-md border-2 border-gray-300 p-4">
        <legend className="px-1 text-lg font-semibold">{item.title}</legend>
        {item.answer !== null ? (
          <p>{item.answer}</p>
        ) : (
          <AmendmentPanel
            casework={props.casework}
            requestId={props.requestId}
            itemId={item.id}
            onDone={props.onAmended}
          />
        )}
      </fieldset>
    );
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border-2 border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold">{item.title}</legend>
      <TextArea
        id={`answers.${index}.answer`}
        label="Your answer"
        hint={item.kind === 'document' ? 'Optional if you upload the document' : undefined}
        error={props.errors[`answers.${index}.answer`]}
        value={props.answer}
        onChange={props.onAnswer}
      />
      <div className={`flex flex-col gap-1 ${props.errors[fileId] ? 'border-l-4 border-danger pl-3' : ''}`}>
        <label htmlFor={fileId} className="font-semibold">
          Upload a file{item.kind === 'document' ? '' : ' (optional)'}
        </label>
        <FieldMessages
          id={fileId}
          hint={`PDF, Word, Excel, CSV, JPG or PNG. ${UPLOAD_MESSAGES.tooLarge.replace('The file is too large. ', '')}`}
          error={props.errors[fileId]}
        />
        <input
          id={fileId}
          type="file"
          aria-describedby={describedBy}
          disabled={uploading}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          className="min-h-11 w-full min-w-0 max-w-full"
        />
        {uploading && <p role="status">Uploading…</p>}
        {props.files.length > 0 && (
          <ul className="list-disc pl-6" aria-label={`Files for item ${index + 1}`}>
            {props.files.map((f) => (
              <li key={f.id} className="break-all">
                {f.filename}
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

/** The open request's items and the send button. */
function AnswerForm({
  request,
  casework,
  onSent,
}: {
  request: Request;
  casework: Casework;
  onSent: (view: ClaimStatusView) => void;
}) {
  const [state, dispatch] = useReducer(answerReducer, request.items.length, initialAnswers);
  const { answers, files, errors, attempt, busy } = state;
  // These answers' draft key: every retry of them is the same send (issue 44).
  const draftKey = useRef(newDraftKey());
  const setError = (field: string, message: string | null) =>
    dispatch({ type: 'file-message', field, message });
  async function send() {
    dispatch({ type: 'send' });
    const res = await answerStatusRequest(
      casework,
      request.id,
      request.items.map((item, i) => ({
        itemId: item.id,
        answer: answers[i] ?? '',
        fileIds: (files[i] ?? []).map((f) => f.id),
      })),
      draftKey.current,
    );
    if (res.ok) {
      dispatch({ type: 'sent' });
      return onSent(res.data);
    }
    dispatch({ type: 'refused', errors: res.errors, message: res.message });
  }
  // An amendment (D32) is answered by its own form (new miles, a new signature); the other items
  // by this one. Nested forms are not allowed, so the amendment comes first, outside it.
  const ownForm = (item: Request['items'][number]) =>
    item.kind === 'amendment' && casework.amendable !== null;
  const item = (i: number) => {
    const it = request.items[i];
    if (!it) return null;
    return (
      <ItemAnswer
        key={it.id}
        index={i}
        item={it}
        casework={casework}
        answer={answers[i] ?? ''}
        files={files[i] ?? []}
        errors={errors}
        onAnswer={(v) => dispatch({ type: 'typed', item: i, answer: v })}
        onFile={(f) => dispatch({ type: 'uploaded', item: i, file: f })}
        onError={setError}
        requestId={request.id}
        onAmended={onSent}
      />
    );
  };
  return (
    <section className="mb-10 space-y-6" aria-labelledby="request-heading">
      <h2 id="request-heading" className="text-2xl">
        What we need from you
      </h2>
      <p>Please answer by {formatIsoDate(request.replyBy)}.</p>
      {request.items.map((it, i) => (ownForm(it) ? item(i) : null))}
      {request.items.some((i) => i.answer === null && !ownForm(i)) && (
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <ErrorSummary errors={summaryOf(errors)} focusKey={attempt} />
          {request.items.map((it, i) => (ownForm(it) ? null : item(i)))}
          <Button type="submit" loading={busy}>
            Send your answers
          </Button>
        </form>
      )}
    </section>
  );
}

function MessageForm({ casework, onSent }: { casework: Casework; onSent: () => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // The draft's key: a retry of this message is the same send; a sent one starts a new draft.
  const draftKey = useRef(newDraftKey());
  async function send() {
    setBusy(true);
    const res = await sendStatusMessage(casework, body, draftKey.current);
    setBusy(false);
    if (res.ok) {
      draftKey.current = newDraftKey();
      setBody('');
      setError(null);
      return onSent();
    }
    setError(res.errors.body ?? res.message);
    setAttempt((n) => n + 1);
  }
  return (
    <form
      noValidate
      className="mb-8 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <ErrorSummary
        errors={error ? [{ fieldId: 'status-message', message: error }] : []}
        focusKey={attempt}
      />
      <TextArea
        id="status-message"
        label="Send us a message"
        error={error ?? undefined}
        value={body}
        onChange={setBody}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        Send message
      </Button>
    </form>
  );
}

/** The thread: the open request's form, the messages, and a message form. */
export function StatusThread({
  view,
  onChanged,
}: {
  view: ClaimStatusView;
  onChanged: (view?: ClaimStatusView) => void;
}) {
  const { casework } = view;
  const open = casework.thread.requests.find((r) => r.open);
  return (
    <>
      {open && <AnswerForm key={open.id} request={open} casework={casework} onSent={onChanged} />}
      <h2 className="mb-4 text-2xl">Messages</h2>
      {casework.thread.messages.length === 0 ? (
        <p className="mb-6">No messages yet.</p>
      ) : (
        <ol className="mb-6 space-y-4" data-testid="status-messages">
          {casework.thread.messages.map((m) => (
            <li key={m.id} className="border-l-4 border-gray-300 pl-3">
              <p className="font-semibold">{m.authorName}</p>
              <p className="whitespace-pre-wrap">{m.body}</p>
              {m.attachments.length > 0 && (
                <ul className="list-disc pl-6">
                  {m.attachments.map((a) => (
                    <li key={a.id} className="break-all">
                      <a href={a.url} download>
                        {a.filename}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-muted">
                <time dateTime={m.at}>{ukLongDate(m.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <MessageForm casework={casework} onSent={() => onChanged()} />
    </>
  );
}
