// The professional body's name (D39): HMRC's List 3 offered as the claimant types, by name or by
// initials, by keyboard as well as by pointer; a name not on the list stays as typed. Names are as
// List 3 spells them ("Royal College of Midwives (RCM)").
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProfessionalBodyField, loadProfessionalBodies } from './professional-body-field.tsx';

function Harness({ onChange, error }: { onChange: (name: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <ProfessionalBodyField
      id="expenses-fees-body"
      label="Name of the professional body"
      hint="Start typing and choose from the list"
      value={value}
      error={error}
      onChange={(name) => {
        setValue(name);
        onChange(name);
      }}
    />
  );
}

function setup(error?: string) {
  const onChange = vi.fn();
  render(<Harness onChange={onChange} error={error} />);
  const input = screen.getByRole('combobox', { name: 'Name of the professional body' });
  return { onChange, input };
}

async function type(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  await screen.findAllByRole('option');
}

describe('ProfessionalBodyField', () => {
  it('is a combobox named by its label and described by its hint and error', () => {
    const { input } = setup('Enter the name of the professional body');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      /^Start typing and choose from the list Error: ?Enter the name of the professional body$/,
    );
  });

  // List 3: "Royal College of Midwives (RCM)".
  it('offers List 3 by initials, and Enter puts List 3’s spelling in the field', async () => {
    const { input, onChange } = setup();
    await type(input, 'RCM');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Royal College of Midwives (RCM)');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('Royal College of Midwives (RCM)');
    expect(input).toHaveValue('Royal College of Midwives (RCM)');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  // List 3: "Archives and Records Association (formerly Society of Archivists)".
  it('finds a body by its former name, and a click chooses it', async () => {
    const { input, onChange } = setup();
    await type(input, 'society of archivists');
    const option = screen.getAllByRole('option')[0] as HTMLElement;
    expect(option).toHaveTextContent('Also known as Society of Archivists');
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith(
      'Archives and Records Association (formerly Society of Archivists)',
    );
  });

  it('announces how many names match once typing pauses', async () => {
    const { input } = setup();
    await type(input, 'royal college of midwives');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(/^1 match on HMRC's list/));
    fireEvent.change(input, { target: { value: 'midwives' } });
    await waitFor(() => expect(status).toHaveTextContent(/^[2-8] matches on HMRC's list/));
    fireEvent.change(input, { target: { value: 'royal' } });
    await waitFor(() => expect(status).toHaveTextContent(/^8 closest matches on HMRC's list shown/));
    expect(screen.getAllByRole('option')).toHaveLength(8);
  });

  // No such body on List 3: the text stays the claimant's, Escape and leaving keep it (D10).
  it('keeps a name that is not on the list as typed', async () => {
    const { input, onChange } = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'My Local Nurses Club' } });
    await act(() => loadProfessionalBodies());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("No match on HMRC's list"));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(input).toHaveValue('My Local Nurses Club');
    expect(onChange).toHaveBeenLastCalledWith('My Local Nurses Club');
  });

  it('closes the list with Escape and keeps what was typed', async () => {
    const { input } = setup();
    await type(input, 'midwives');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveValue('midwives');
  });

  // Leaving the field does not swap the text for a highlighted name: only Enter or a click choose.
  it('keeps what was typed when the field is left with a name highlighted', async () => {
    const { input } = setup();
    act(() => input.focus());
    await type(input, 'midwives');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant');
    act(() => input.blur());
    expect(input).toHaveValue('midwives');
  });
});
