import { useRef, useState } from 'react';
import { sanitisePostcodeInput, stripAngleBrackets, validatePostcodeSearch } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { lookupAddress, type AddressLookup, type DeliveryPoint } from '../lib/wizard-api.ts';
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

/**
 * Postcode search (Enter or the button) through our API, the 'Select your address:' list and the
 * manual full-address field (SPEC §2, §4, §8). Every failure clears the list and leaves the
 * claimant free to type their address.
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
  const [phase, setPhase] = useState<'idle' | 'searching' | 'results' | 'error'>('idle');
  const [lookup, setLookup] = useState<AddressLookup | null>(null);
  const [message, setMessage] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const addressRef = useRef<HTMLTextAreaElement>(null);
  const postcodeId = postcodeFieldId ?? `${addressId}-postcode`;
  // A failed search explains itself; otherwise the step's own check (required, a UK postcode).
  const shownError = phase === 'error' ? message : postcodeError;

  async function search() {
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
    const result = await lookupAddress(sessionId, check.postcode, controller.signal);
    if (controller.signal.aborted) return;
    if (result.kind === 'ok') {
      setLookup(result.lookup);
      setPhase('results');
    } else {
      setPhase('error');
      setMessage(result.message);
    }
  }

  function choose(point: DeliveryPoint) {
    if (!lookup) return;
    onChange({ homeAddress: formatDeliveryPoint(point, lookup), postcode: lookup.postcode });
    setLookup(null);
    setPhase('idle');
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
            aria-describedby={`${postcodeId}-hint${shownError ? ` ${postcodeId}-error` : ''}`}
            aria-invalid={shownError ? true : undefined}
            onChange={(e) => {
              // SPEC §4: editing the postcode hides the results.
              abortRef.current?.abort();
              setLookup(null);
              setPhase('idle');
              setMessage('');
              onChange({ postcode: sanitisePostcodeInput(e.target.value) });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
            className={`min-h-11 w-40 rounded-md border-2 bg-white px-3 py-2 text-base uppercase ${
              shownError ? 'border-danger' : 'border-gray-600'
            }`}
          />
          <Button
            variant="secondary"
            onClick={() => void search()}
            loading={phase === 'searching'}
            data-testid="postcode-search"
          >
            Find address
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {phase === 'searching'
            ? 'Searching for addresses'
            : phase === 'results' && lookup
              ? `${lookup.delivery_points.length} addresses found`
              : phase === 'error'
                ? message
                : ''}
        </p>
      </div>

      {phase === 'results' && lookup && (
        <div>
          <h3 id={`${addressId}-results-title`} className="mb-2 text-lg">
            Select your address:
          </h3>
          <ul
            aria-labelledby={`${addressId}-results-title`}
            className="max-h-80 space-y-2 overflow-y-auto"
            data-testid="address-results"
          >
            {lookup.delivery_points.map((point, i) => (
              <li key={`${point.udprn ?? ''}-${i}`}>
                <button
                  type="button"
                  onClick={() => choose(point)}
                  className="min-h-11 w-full rounded-md border-2 border-gray-400 bg-white px-3 py-2 text-left hover:border-brand-700 hover:bg-brand-50"
                >
                  {formatDeliveryPoint(point, lookup)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className={`flex flex-col gap-1 ${addressError ? 'border-l-4 border-danger pl-3' : ''}`}>
        <label htmlFor={addressId} className="font-semibold">
          Full address
        </label>
        <FieldError id={`${addressId}-error`} message={addressError} />
        <textarea
          ref={addressRef}
          id={addressId}
          data-testid="home-address"
          value={homeAddress}
          rows={3}
          autoComplete="street-address"
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? `${addressId}-error` : undefined}
          onChange={(e) => onChange({ homeAddress: stripAngleBrackets(e.target.value) })}
          className={`w-full rounded-md border-2 bg-white px-3 py-2 text-base ${
            addressError ? 'border-danger' : 'border-gray-600'
          }`}
        />
        {homeAddress !== '' && (
          <div>
            <Button
              variant="link"
              className="-ml-1"
              data-testid="clear-address"
              onClick={() => {
                onChange({ homeAddress: '' });
                addressRef.current?.focus();
              }}
            >
              Clear address
            </Button>
          </div>
        )}
      </div>
    </fieldset>
  );
}
