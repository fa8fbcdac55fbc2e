import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { call } from '../../lib/api/admin-client.ts';
import type { RequestBody } from '../../lib/api/types.ts';
import type { OperatorCreate } from '@taxback/domain/admin-schemas';
import { formatDateTime, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { useAdminTitle } from './admin-title.ts';
import { DataTable, SelectField } from './admin-ui.tsx';
import type { OperatorListItem as OperatorRow } from '@taxback/domain/api/admin-responses';

/**
 * /admin/operators (admins): add operators; disable, enable, change the role of, set a new password
 * for and reset the second factor of the others. Every change but enabling signs the operator out.
 */
export function OperatorsPage() {
  useAdminTitle('Operators');
  const { operator: me } = useAdminSession();
  const [operators, setOperators] = useState<OperatorRow[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  // The operator whose password is being reset; `start` counts the times the form was opened, and
  // each opening starts it afresh (its own field and errors live in ResetPasswordForm).
  const [resetting, setResetting] = useState<{ op: OperatorRow; start: number } | null>(null);
  const resetHeading = useRef<HTMLHeadingElement>(null);
  // Issue 32.13: disabling signs an operator out at once, so it is confirmed first.
  const [disabling, setDisabling] = useState<OperatorRow | null>(null);

  const load = useCallback(async () => {
    const res = await call('listOperators');
    if (res.ok) setOperators(res.data.operators);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function change(op: OperatorRow, body: RequestBody<'changeOperator'>, done: string) {
    const res = await call('changeOperator', { params: { id: op.id }, body });
    setMessage(res.ok ? `${op.name}: ${done}` : (res.error ?? 'The change failed.'));
    await load();
  }

  function startReset(op: OperatorRow) {
    setResetting((r) => ({ op, start: (r?.start ?? 0) + 1 }));
    setMessage(null);
  }
  // The heading takes focus when the form opens for another operator.
  const resettingOp = resetting?.op ?? null;
  useEffect(() => {
    if (resettingOp) resetHeading.current?.focus();
  }, [resettingOp]);

  async function passwordSet(op: OperatorRow) {
    setMessage(
      `${op.name}: new password set and signed out everywhere. Give it to them in person or by phone.`,
    );
    setResetting(null);
    await load();
  }

  return (
    <div>
      <h1 className="mb-6 text-3xl">Operators</h1>
      {message && (
        <p role="status" className="mb-4 font-semibold text-brand-700">
          {message}
        </p>
      )}
      <DataTable
        label="Operators table"
        className="mb-10"
        headers={['Name', 'Email', 'Role', 'State', 'Last sign-in', 'Actions']}
      >
        {operators.map((op) => (
          <tr key={op.id} className="border-b border-gray-300 align-top">
            <td className="px-2 py-2">{op.name}</td>
            <td className="px-2 py-2 break-all">{op.email}</td>
            <td className="px-2 py-2">{op.role === 'admin' ? 'Admin' : 'Caseworker'}</td>
            <td className="px-2 py-2">
              {op.disabled ? 'Disabled' : op.locked ? 'Locked' : 'Active'}
              {op.secondFactor ? '' : ', no authenticator yet'}
            </td>
            <td className="px-2 py-2">{formatDateTime(op.lastSignIn)}</td>
            <td className="px-2 py-2">
              {op.id !== me?.id && (
                <OperatorActions
                  op={op}
                  change={change}
                  startReset={startReset}
                  startDisable={setDisabling}
                />
              )}
            </td>
          </tr>
        ))}
      </DataTable>

      <DisableDialog
        op={disabling}
        onClose={() => setDisabling(null)}
        onConfirm={(op) => void change(op, { action: 'disable' }, 'disabled and signed out')}
      />

      {resetting && (
        <ResetPasswordForm
          key={resetting.start}
          op={resetting.op}
          headingRef={resetHeading}
          onSet={passwordSet}
          onCancel={() => setResetting(null)}
        />
      )}

      <AddOperatorForm
        onAdded={async (name) => {
          setMessage(`${name} was added. They set up their authenticator app when they first sign in.`);
          await load();
        }}
      />
    </div>
  );
}

/** An operator's new password: its own field and messages, fresh each time the form opens. */
function ResetPasswordForm({
  op,
  headingRef,
  onSet,
  onCancel,
}: {
  op: OperatorRow;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSet: (op: OperatorRow) => Promise<void>;
  onCancel: () => void;
}) {
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    const res = await call('changeOperator', {
      params: { id: op.id },
      body: { action: 'reset-password', password: newPassword },
    });
    if (!res.ok) {
      // Keyed by this form's field id, so the summary's link goes to it, not to the add form's.
      setErrors({
        'new-password': res.errors?.password ?? res.error ?? 'The password could not be changed.',
      });
      setAttempt((n) => n + 1);
      return;
    }
    setNewPassword('');
    await onSet(op);
  }

  return (
    <form
      onSubmit={(e) => void resetPassword(e)}
      noValidate
      className="mb-10 max-w-xl space-y-4"
      aria-labelledby="reset-heading"
    >
      <h2 id="reset-heading" ref={headingRef} tabIndex={-1} className="text-2xl">
        Set a new password for {op.name}
      </h2>
      <p>They are signed out everywhere and any lockout is lifted. Their authenticator app stays.</p>
      <ErrorSummary errors={summaryItems(errors)} focusKey={attempt} />
      <TextField
        id="new-password"
        label="New password"
        hint="At least 12 characters. Give it to them in person or by phone."
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors['new-password']}
      />
      <div className="flex flex-wrap gap-4">
        <Button type="submit">Set password</Button>
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Issue 32.13: "Disable" asks first, in an accessible dialog (the native <dialog>). */
function DisableDialog({
  op,
  onClose,
  onConfirm,
}: {
  op: OperatorRow | null;
  onClose: () => void;
  onConfirm: (op: OperatorRow) => void;
}) {
  return (
    <Modal open={op !== null} onClose={onClose} title={`Disable ${op?.name ?? ''}?`}>
      <p className="mb-6">
        They are signed out at once and cannot sign in until an admin enables them again. Their claims, notes
        and audit history stay.
      </p>
      <div className="flex flex-wrap gap-4">
        <Button
          onClick={() => {
            onClose();
            if (op) onConfirm(op);
          }}
        >
          Yes, disable {op?.name}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

type Change = (op: OperatorRow, body: RequestBody<'changeOperator'>, done: string) => Promise<void>;

/** One operator's actions (never shown on the admin's own row). */
function OperatorActions({
  op,
  change,
  startReset,
  startDisable,
}: {
  op: OperatorRow;
  change: Change;
  startReset: (op: OperatorRow) => void;
  startDisable: (op: OperatorRow) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {op.disabled ? (
        <Button variant="link" onClick={() => void change(op, { action: 'enable' }, 'enabled')}>
          Enable<span className="sr-only"> {op.name}</span>
        </Button>
      ) : (
        <Button variant="link" onClick={() => startDisable(op)}>
          Disable<span className="sr-only"> {op.name}</span>
        </Button>
      )}
      <Button
        variant="link"
        onClick={() =>
          void change(
            op,
            { action: 'set-role', role: op.role === 'admin' ? 'caseworker' : 'admin' },
            op.role === 'admin' ? 'now a caseworker, and signed out' : 'now an admin, and signed out',
          )
        }
      >
        {op.role === 'admin' ? 'Make caseworker' : 'Make admin'}
        <span className="sr-only"> {op.name}</span>
      </Button>
      <Button variant="link" onClick={() => startReset(op)}>
        Set a new password<span className="sr-only"> for {op.name}</span>
      </Button>
      <Button
        variant="link"
        onClick={() => void change(op, { action: 'reset-second-factor' }, 'second factor reset')}
      >
        Reset second factor<span className="sr-only"> of {op.name}</span>
      </Button>
    </div>
  );
}

/** Adds an operator with a first password; they enrol their authenticator app on first sign-in. */
function AddOperatorForm({ onAdded }: { onAdded: (name: string) => Promise<void> }) {
  const [form, setForm] = useState<OperatorCreate>({ name: '', email: '', role: 'caseworker', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  async function add(event: FormEvent) {
    event.preventDefault();
    const res = await call('createOperator', { body: form });
    if (!res.ok) {
      setErrors(res.errors ?? { name: res.error ?? 'The operator could not be added.' });
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setForm({ name: '', email: '', role: 'caseworker', password: '' });
    await onAdded(form.name);
  }

  return (
    <form onSubmit={(e) => void add(e)} noValidate className="max-w-xl space-y-4">
      <h2 className="text-2xl">Add an operator</h2>
      <ErrorSummary errors={summaryItems(errors)} focusKey={attempt} />
      <TextField
        id="name"
        label="Full name"
        value={form.name}
        onChange={(name) => setForm((f) => ({ ...f, name }))}
        error={errors.name}
      />
      <TextField
        id="email"
        label="Email address"
        type="email"
        value={form.email}
        onChange={(email) => setForm((f) => ({ ...f, email }))}
        error={errors.email}
      />
      <SelectField
        id="role"
        label="Role"
        error={errors.role}
        value={form.role}
        onChange={(role) => setForm((f) => ({ ...f, role: role === 'admin' ? 'admin' : 'caseworker' }))}
      >
        <option value="caseworker">Caseworker</option>
        <option value="admin">Admin (manages operators)</option>
      </SelectField>
      <TextField
        id="password"
        label="First password"
        hint="At least 12 characters. Give it to them in person or by phone."
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(password) => setForm((f) => ({ ...f, password }))}
        error={errors.password}
      />
      <Button type="submit">Add operator</Button>
    </form>
  );
}
