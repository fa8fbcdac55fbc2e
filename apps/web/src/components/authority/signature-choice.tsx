import { useEffect, useRef, useState } from 'react';
import type { SignatureValue } from './signature-value.ts';
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH, SignaturePad } from '../ui/signature-pad.tsx';
import { TextField } from '../ui/text-field.tsx';

// The value and its error folding live apart from the component, so a form's checks can use them
// without loading the signature pad (the wizard's validation is on its first screen).
export { NO_SIGNATURE, foldSignatureErrors } from './signature-value.ts';
export type { SignatureValue } from './signature-value.ts';

const TYPED_FONT = 'Georgia, "Times New Roman", serif';

/** The typed name as a 600×200 PNG like a drawn one, so it is stored and shown the same way. */
function typedSignaturePng(name: string): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_WIDTH;
  canvas.height = SIGNATURE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  let size = 56;
  ctx.font = `italic ${size}px ${TYPED_FONT}`;
  while (size > 12 && ctx.measureText(name).width > SIGNATURE_WIDTH - 40) {
    size -= 2;
    ctx.font = `italic ${size}px ${TYPED_FONT}`;
  }
  ctx.fillStyle = '#111827';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, SIGNATURE_WIDTH / 2, SIGNATURE_HEIGHT / 2);
  return canvas.toDataURL('image/png');
}

/**
 * The signature (D15, D19): drawn by default, or, as the accessible alternative for a keyboard or
 * switch user (issue 32), the claimant's name typed; the authority then records it as a typed name.
 */
export function SignatureChoice({
  id,
  label,
  clearLabel,
  error,
  onChange,
}: {
  id: string;
  label: string;
  clearLabel?: string;
  error?: string | null;
  onChange: (value: SignatureValue) => void;
}) {
  const [typing, setTyping] = useState(false);
  const [name, setName] = useState('');
  const switched = useRef(false);
  const switchRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLDivElement>(null);

  // After switching, focus goes to what replaced the button: the name field, or back to the switch.
  useEffect(() => {
    if (!switched.current) return;
    if (typing) inputRef.current?.querySelector('input')?.focus();
    else switchRef.current?.focus();
  }, [typing]);

  const toggle = () => {
    switched.current = true;
    setTyping(!typing);
    setName('');
    onChange({ method: typing ? 'drawn' : 'typed', dataUrl: null, typedName: null });
  };

  const type = (value: string) => {
    setName(value);
    const typed = value.trim();
    onChange(
      typed === ''
        ? { method: 'typed', dataUrl: null, typedName: null }
        : { method: 'typed', dataUrl: typedSignaturePng(typed), typedName: typed },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {typing ? (
        <div ref={inputRef} className="flex flex-col gap-2">
          <TextField
            id={id}
            label="Type your full name to sign"
            hint="Typing your name signs the authority as a drawn signature would. The signed authority will say you signed by typing your name."
            value={name}
            onChange={type}
            error={error}
            autoComplete="name"
            spellCheck={false}
            maxLength={100}
            data-testid="typed-signature"
          />
          {name.trim() !== '' && (
            <p
              aria-hidden="true"
              className="max-w-[600px] truncate rounded-md border-2 border-gray-300 bg-white px-4 py-3 font-serif text-3xl italic"
            >
              {name.trim()}
            </p>
          )}
        </div>
      ) : (
        <SignaturePad
          id={id}
          label={label}
          clearLabel={clearLabel}
          error={error}
          onChange={(dataUrl) => onChange({ method: 'drawn', dataUrl, typedName: null })}
        />
      )}
      <div>
        <button
          ref={switchRef}
          type="button"
          onClick={toggle}
          className="inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          data-testid="signature-switch"
        >
          {typing ? 'Draw your signature instead' : 'Type your name instead of drawing'}
        </button>
      </div>
    </div>
  );
}
