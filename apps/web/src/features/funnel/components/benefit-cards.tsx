import type { BenefitCard } from '@taxback/domain/content';

export interface BenefitCardsProps {
  benefits: readonly BenefitCard[];
}

export function BenefitCards({ benefits }: BenefitCardsProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {benefits.map((b, i) => (
        <li key={b.id} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <span
            aria-hidden="true"
            className="mb-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {i + 1}
          </span>
          <h3 className="mb-2 text-xl">{b.title}</h3>
          <p className="text-muted">{b.body}</p>
        </li>
      ))}
    </ul>
  );
}
