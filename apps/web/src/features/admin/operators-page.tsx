import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { adminRequest, formatDateTime, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { useAdminTitle } from './admin-title.ts';
import { Field, inputClass } from './claims-page.tsx';

interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'caseworker';
  disabled: boolean;
  secondFactor: boolean;
  locked: boolean;
  lastSignIn: string | null;
}

/** /admin/operators (admins): add, disable, enable and reset the second factor of operators. */
export function OperatorsPage() {
  useAdminTitle('Operators');
  const { operator: me } = useAdminSession();
  const [operators, setOperators] = useState<OperatorRow[]>([]);
  const [form, setForm] = useState({ name: '', email: '', role: 'caseworker', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await adminRequest<{ operators: OperatorRow[] }>('GET', '/api/admin/operators');
    if (res.ok) setOperators(res.data.operators);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const res = await adminRequest('POST', '/api/admin/operators', form);
    if (!res.ok) {
      setErrors(res.errors ?? { name: res.error ?? 'The operator could not be added.' });
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setMessage(`${form.name} was added. They set up their authenticator app when they first sign in.`);
    setForm({ name: '', email: '', role: 'caseworker', password: '' });
    await load();
  }

  async function change(op: OperatorRow, action: string, done: string) {
    const res = await adminRequest('PATCH', `/api/admin/operators/${op.id}`, { action });
    setMessage(res.ok ? `${op.name}: ${done}` : (res.error ?? 'The change failed.'));
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
      <div className="mb-10 overflow-x-auto" tabIndex={0} role="region" aria-label="Operators table">
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b-2 border-ink">
              {['Name', 'Email', 'Role', 'State', 'Last sign-in', 'Actions'].map((h) => (
                <th key={h} scope="col" className="px-2 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
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
                    <div className="flex flex-wrap gap-2">
                      {op.disabled ? (
                        <Button variant="link" onClick={() => void change(op, 'enable', 'enabled')}>
                          Enable<span className="sr-only"> {op.name}</span>
                        </Button>
                      ) : (
                        <Button
                          variant="link"
                          onClick={() => void change(op, 'disable', 'disabled and signed out')}
                        >
                          Disable<span className="sr-only"> {op.name}</span>
                        </Button>
                      )}
                      <Button
                        variant="link"
                        onClick={() => void change(op, 'reset-second-factor', 'second factor reset')}
                      >
                        Reset second factor<span className="sr-only"> of {op.name}</span>
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
        <Field id="role" label="Role" error={errors.role}>
          <select
            id="role"
            value={form.role}
            onChange={(e) => setForm((f) => ({ ...f, role: e.target.value }))}
            className={inputClass}
          >
            <option value="caseworker">Caseworker</option>
            <option value="admin">Admin (manages operators)</option>
          </select>
        </Field>
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
    </div>
  );
}
