import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import { sanitisePostcodeInput, stripAngleBrackets, validatePostcodeSearch } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import {
  ADDRESS_MESSAGES,
  lookupAddress,
  type AddressLookup,
  type AddressOutcome,
  type DeliveryPoint,
} from '../lib/wizard-api.ts';
import { FieldError } from './choice-list.tsx';

export interface AddressSearchProps {
  sessionId: string;
  postcode: string;
  homeAddress: string;
  onChange: (patch: { postcode?: string; homeAddress?: string }) => void;
  /** id of the full-address textarea (the error summary links to it). */
  addressId: string;
  addressError?: string;
  /** id of the postcode field (the error summary links to it) and its saved-step error (D28). */
  postcodeId?: string;
  postcodeError?: string;
}

/** One line per delivery point: organisation, lines, town, county and postcode. */
export function formatDeliveryPoint(point: DeliveryPoint, lookup: AddressLookup): string {
  return [
    point.organisation_name,
    point.line_1,
    point.line_2,
    lookup.town,
    lookup.postal_county,
    lookup.postcode,
  ]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** Where a search is: 'none' found no addresses, so the claimant types theirs (guidance, not an error). */
type SearchPhase = 'idle' | 'searching' | 'results' | 'none' | 'error';

/** The postcode search through our API: its phase, the addresses found and what to tell the claimant. */
function usePostcodeSearch(sessionId: string) {
  const [phase, setPhase] = useState<SearchPhase>('idle');
  const [lookup, setLookup] = useState<AddressLookup | null>(null);
  const [message, setMessage] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  function reset() {
    abortRef.current?.abort();
    setLookup(null);
    setPhase('idle');
    setMessage('');
  }

  async function search(postcode: string) {
    const check = validatePostcodeSearch(postcode);
    abortRef.current?.abort();
    setLookup(null);
    if (!check.ok) {
      setPhase('error');
      setMessage(check.message);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase('searching');
    setMessage('');
    let result: AddressOutcome;
    try {
      result = await lookupAddress(sessionId, check.postcode, controller.signal);
    } catch {
      // SPEC §8: the search itself failed; the claimant can still type the address.
      result = { kind: 'error', message: ADDRESS_MESSAGES.searchFailed };
    }
    if (controller.signal.aborted) return;
    if (result.kind === 'ok') {
      setLookup(result.lookup);
      setPhase('results');
    } else {
      setPhase(result.kind);
      setMessage(result.message);
    }
  }

  return { phase, lookup, message, search, reset };
}

function liveText(phase: SearchPhase, lookup: AddressLookup | null, message: string): string {
  if (phase === 'searching') return 'Searching for addresses';
  if (phase === 'results' && lookup) return `${lookup.delivery_points.length} addresses found`;
  if (phase === 'none') return `${message}. Enter your address in the Full address box.`;
  return phase === 'error' ? message : '';
}

function AddressResults({
  titleId,
  lookup,
  onChoose,
}: {
  titleId: string;
  lookup: AddressLookup;
  onChoose: (point: DeliveryPoint) => void;
}) {
  return (
    <div>
      <h3 id={titleId} className="mb-2 text-lg">
        Select your address:
      </h3>
      <ul
        aria-labelledby={titleId}
        className="max-h-80 space-y-2 overflow-y-auto"
        data-testid="address-results"
      >
        {lookup.delivery_points.map((point, i) => (
          <li key={`${point.udprn ?? ''}-${i}`}>
            <button
              type="button"
              onClick={() => onChoose(point)}
              className="min-h-11 w-full rounded-md border-2 border-gray-400 bg-white px-3 py-2 text-left hover:border-brand-700 hover:bg-brand-50"
            >
              {formatDeliveryPoint(point, lookup)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FullAddressField({
  id,
  value,
  error,
  onChange,
  inputRef,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
      <label htmlFor={id} className="font-semibold">
        Full address
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <textarea
        ref={inputRef}
        id={id}
        data-testid="home-address"
        value={value}
        rows={3}
        autoComplete="street-address"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(stripAngleBrackets(e.target.value))}
        className={`w-full rounded-md border-2 bg-white px-3 py-2 text-base ${
          error ? 'border-danger' : 'border-gray-600'
        }`}
      />
      {value !== '' && (
        <div>
          <Button
            variant="link"
            className="-ml-1"
            data-testid="clear-address"
            onClick={() => {
              onChange('');
              inputRef.current?.focus();
            }}
          >
            Clear address
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Postcode search (Enter or the button) through our API, the 'Select your address:' list and the
 * manual full-address field (SPEC §2, §4, §8). Every failure clears the list and leaves the
 * claimant free to type their address; no address found is guidance to do so, not an error.
 */
export function AddressSearch({
  sessionId,
  postcode,
  homeAddress,
  onChange,
  addressId,
  addressError,
  postcodeId: postcodeFieldId,
  postcodeError,
}: AddressSearchProps) {
  const { phase, lookup, message, search, reset } = usePostcodeSearch(sessionId);
  const addressRef = useRef<HTMLTextAreaElement>(null);
  const postcodeId = postcodeFieldId ?? `${addressId}-postcode`;
  // A failed search explains itself; otherwise the step's own check (required, a UK postcode).
  const shownError = phase === 'error' ? message : postcodeError;
  const describedBy = [
    `${postcodeId}-hint`,
    shownError ? `${postcodeId}-error` : '',
    phase === 'none' ? `${postcodeId}-none` : '',
  ].filter(Boolean);

  function choose(point: DeliveryPoint) {
    if (!lookup) return;
    onChange({ homeAddress: formatDeliveryPoint(point, lookup), postcode: lookup.postcode });
    reset();
    addressRef.current?.focus();
  }

  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-xl font-bold">Home address</legend>

      <div className="flex flex-col gap-1">
        <label htmlFor={postcodeId} className="font-semibold">
          Postcode
        </label>
        <p id={`${postcodeId}-hint`} className="text-muted">
          Search for your address, or type it below
        </p>
        <FieldError id={`${postcodeId}-error`} message={shownError} />
        <div className="flex flex-wrap gap-2">
          <input
            id={postcodeId}
            data-testid="postcode-input"
            type="text"
            value={postcode}
            autoComplete="postal-code"
            autoCapitalize="characters"
            maxLength={10}
            aria-describedby={describedBy.join(' ')}
            aria-invalid={shownError ? true : undefined}
            onChange={(e) => {
              // SPEC §4: editing the postcode hides the results.
              reset();
              onChange({ postcode: sanitisePostcodeInput(e.target.value) });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search(postcode);
              }
            }}
            className={`min-h-11 w-40 rounded-md border-2 bg-white px-3 py-2 text-base uppercase ${
              shownError ? 'border-danger' : 'border-gray-600'
            }`}
          />
          <Button
            variant="secondary"
            onClick={() => void search(postcode)}
            loading={phase === 'searching'}
            data-testid="postcode-search"
          >
            Find address
          </Button>
        </div>
        {phase === 'none' && (
          <p
            id={`${postcodeId}-none`}
            className="rounded-md border-l-4 border-gray-400 bg-gray-50 p-3"
            data-testid="address-none"
          >
            {message}. Enter your address in the Full address box below.
          </p>
        )}
        <p aria-live="polite" className="sr-only">
          {liveText(phase, lookup, message)}
        </p>
      </div>

      {phase === 'results' && lookup && (
        <AddressResults titleId={`${addressId}-results-title`} lookup={lookup} onChoose={choose} />
      )}

      <FullAddressField
        id={addressId}
        value={homeAddress}
        error={addressError}
        onChange={(value) => onChange({ homeAddress: value })}
        inputRef={addressRef}
      />
    </fieldset>
  );
}
