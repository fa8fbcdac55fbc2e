import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Select } from './select.tsx';

function renderSelect(props: { hint?: string; error?: string | null; onChange?: (v: string) => void } = {}) {
  return render(
    <Select id="role" label="Role" value="caseworker" onChange={props.onChange ?? (() => {})} {...props}>
      <option value="caseworker">Caseworker</option>
      <option value="admin">Admin</option>
    </Select>,
  );
}

describe('Select', () => {
  it('is named by its label and hands the chosen value on', () => {
    const onChange = vi.fn();
    renderSelect({ onChange });
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveValue('caseworker');
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).not.toHaveAttribute('aria-describedby');
    fireEvent.change(select, { target: { value: 'admin' } });
    expect(onChange).toHaveBeenCalledWith('admin');
  });

  it('describes itself by its hint and error, and is marked invalid with an error', () => {
    renderSelect({ hint: 'Admins manage operators', error: 'Select a role' });
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', 'role-hint role-error');
    expect(select).toHaveAccessibleDescription(/^Admins manage operators Error: ?Select a role$/);
  });
});
