import { useState } from 'react';
import { estimateAnnualMiles, formatNumber } from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

export interface EstimateDialogProps {
  open: boolean;
  year: string;
  onClose: () => void;
  onUse: (miles: number) => void;
}

/** The digits typed, as a whole number from 1 to `max` (empty while there is none). */
export function wholeNumberUpTo(typed: string, max: number): string {
  const n = Number(typed.replace(/\D/g, '').slice(0, String(max).length)) || 0;
  return n === 0 ? '' : String(Math.min(max, n));
}

/** Digits and one decimal point, as typed. */
export function keepDecimal(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

function toNumber(s: string): number {
  const n = Number(s);
  return Number.isFinite(n) ? n : 0;
}

/** The three figures the estimate multiplies, in screen order; `keep` is what a field keeps as typed. */
const FIGURES = [
  {
    name: 'perDay',
    id: 'estimate-miles-per-day',
    label: 'Average business miles per day',
    inputMode: 'decimal',
    keep: (typed: string) => keepDecimal(typed).slice(0, 6),
  },
  {
    name: 'daysPerWeek',
    id: 'estimate-days-per-week',
    label: 'Days per week',
    hint: 'From 1 to 7',
    inputMode: 'numeric',
    keep: (typed: string) => wholeNumberUpTo(typed, 7),
  },
  {
    name: 'weeks',
    id: 'estimate-weeks-per-year',
    label: 'Working weeks per year',
    hint: 'Most people work about 46 weeks a year after holidays',
    inputMode: 'numeric',
    keep: (typed: string) => wholeNumberUpTo(typed, 52),
  },
] as const;

type Figure = (typeof FIGURES)[number]['name'];

/** 'Estimate it': miles per day × days per week × working weeks per year, rounded (D3). */
export function EstimateDialog({ open, year, onClose, onUse }: EstimateDialogProps) {
  const [typed, setTyped] = useState<Record<Figure, string>>({ perDay: '', daysPerWeek: '', weeks: '' });
  const estimate = estimateAnnualMiles(
    toNumber(typed.perDay),
    toNumber(typed.daysPerWeek),
    toNumber(typed.weeks),
  );

  return (
    <Modal open={open} onClose={onClose} title={`Estimate your business miles for ${year}`}>
      <div className="space-y-4">
        {FIGURES.map(({ name, keep, ...field }) => (
          <TextField
            key={name}
            {...field}
            value={typed[name]}
            onChange={(v) => setTyped((t) => ({ ...t, [name]: keep(v) }))}
            autoComplete="off"
          />
        ))}
        <p className="rounded-md bg-brand-50 p-4 text-lg" aria-live="polite" data-testid="estimate-result">
          Estimated business miles: <strong>{formatNumber(estimate)}</strong>
        </p>
        <div className="flex flex-wrap gap-3">
          <Button disabled={estimate === 0} onClick={() => onUse(estimate)} data-testid="use-estimate">
            Use This Estimate
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
