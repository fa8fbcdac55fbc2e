import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import type { ProfessionalBodyMatch } from '@taxback/domain/professional-bodies';
import { FieldMessages, fieldMessageIds } from '../../../components/ui/field-messages.tsx';

// The name of a professional body, with HMRC's List 3 offered as the claimant types (D39): an
// accessible combobox (downshift's useCombobox, the ARIA 1.2 pattern: arrows move through the
// list, Enter chooses, Escape closes it). A name that is not on the list stays as typed, for our
// team to check. The list (about 3,000 names) is loaded on first focus, not with the page.

type Bodies = typeof import('@taxback/domain/professional-bodies');

let loading: Promise<Bodies> | undefined;

/** The domain's List 3 module, loaded once; a failed load is tried again on the next call. */
export function loadProfessionalBodies(): Promise<Bodies> {
  loading ??= import('@taxback/domain/professional-bodies').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** How many names the list shows at once. */
const SHOWN = 8;
/** The count is announced once typing pauses, not at every key. */
const ANNOUNCE_AFTER_MS = 400;

export interface ProfessionalBodyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The name as typed, or as List 3 spells it when one is chosen from the list. */
  onChange: (name: string) => void;
  hint?: string;
  error?: string | null;
  maxLength?: number;
}

type ListState = 'idle' | 'loading' | 'ready' | 'failed';

function statusText(list: ListState, value: string, count: number, more: boolean): string {
  if (value.trim() === '') return '';
  if (list === 'loading') return "Loading HMRC's list of approved bodies";
  if (list === 'failed') return "HMRC's list could not be loaded: type the body's full name";
  if (list !== 'ready') return '';
  if (count === 0) return "No match on HMRC's list. You can keep the name you typed.";
  if (more)
    return `${count} closest matches on HMRC's list shown: keep typing to narrow them, or use the up and down arrows to choose one.`;
  const matches = count === 1 ? '1 match' : `${count} matches`;
  return `${matches} on HMRC's list. Use the up and down arrows to choose one, or keep typing.`;
}

/**
 * Nothing typed is lost (D10): Escape closes the list but keeps the text, and leaving the field
 * keeps the text too; a name from the list is chosen with Enter or a click only.
 */
function keepTyping(
  state: UseComboboxState<ProfessionalBodyMatch>,
  { type, changes }: UseComboboxStateChangeOptions<ProfessionalBodyMatch>,
): Partial<UseComboboxState<ProfessionalBodyMatch>> {
  if (
    type === useCombobox.stateChangeTypes.InputKeyDownEscape ||
    type === useCombobox.stateChangeTypes.InputBlur
  )
    return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
  return changes;
}

/** The status read out by screen readers: it follows the field's state once typing pauses. */
function useAnnouncement(text: string, active: boolean): string {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(active ? text : ''), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, active]);
  return announced;
}

function Option({ match }: { match: ProfessionalBodyMatch }) {
  const { body, via } = match;
  return (
    <>
      <span className="block">{body.name}</span>
      {(via !== undefined || body.from !== undefined) && (
        <span className="block text-sm text-muted">
          {via !== undefined && `Also known as ${via}. `}
          {body.from !== undefined && `Tax relief from ${body.from}.`}
        </span>
      )}
    </>
  );
}

export function ProfessionalBodyField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  maxLength = 200,
}: ProfessionalBodyFieldProps) {
  const [bodies, setBodies] = useState<Bodies | null>(null);
  const [list, setList] = useState<ListState>('idle');
  const [active, setActive] = useState(false);

  const load = () => {
    if (list === 'loading' || list === 'ready') return;
    setList('loading');
    loadProfessionalBodies().then(
      (m) => {
        setBodies(() => m);
        setList('ready');
      },
      () => setList('failed'),
    );
  };

  // One more than is shown, to say when there are more.
  const found = useMemo(
    () => (bodies === null || value.trim() === '' ? [] : bodies.findProfessionalBodies(value, SHOWN + 1)),
    [bodies, value],
  );
  const items = useMemo(() => found.slice(0, SHOWN), [found]);

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = useCombobox({
    id: `${id}-combobox`,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-list`,
    items,
    itemToString: (m) => m?.body.name ?? '',
    itemToKey: (m) => m?.body.name ?? null,
    // The field's value is the claimant's text; choosing a name puts List 3's spelling in it. The
    // chosen item is left to downshift: held as null, it answered a click's choice on the next
    // render by writing the null item's text (nothing) into the field, in a real browser.
    inputValue: value,
    onInputValueChange: ({ inputValue }) => onChange(inputValue ?? ''),
    stateReducer: keepTyping,
  });

  const { describedBy } = fieldMessageIds(id, hint, error);
  const announced = useAnnouncement(statusText(list, value, items.length, found.length > SHOWN), active);
  const open = isOpen && items.length > 0;

  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label id={`${id}-label`} htmlFor={id} className="font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="relative">
        <input
          {...getInputProps({
            name: id,
            type: 'text',
            maxLength,
            spellCheck: false,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
            onFocus: () => {
              setActive(true);
              load();
            },
            onBlur: () => setActive(false),
            onChange: load,
          })}
          className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base text-ink ${
            error ? 'border-danger' : 'border-gray-600'
          }`}
        />
        <ul
          {...getMenuProps()}
          className={`absolute z-10 mt-1 max-h-80 w-full overflow-y-auto rounded-md border-2 border-gray-600 bg-white shadow-lg ${
            open ? '' : 'hidden'
          }`}
        >
          {open &&
            items.map((match, index) => (
              <li
                key={match.body.name}
                {...getItemProps({ item: match, index })}
                className={`cursor-pointer border-b border-gray-200 px-3 py-2 last:border-b-0 ${
                  highlightedIndex === index ? 'bg-brand-100 outline outline-2 outline-brand-700' : ''
                }`}
              >
                <Option match={match} />
              </li>
            ))}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {announced}
      </p>
    </div>
  );
}
