import { useState } from 'react';
import type { FaqItem } from '@taxback/domain/content';

export interface FaqAccordionProps {
  items: readonly FaqItem[];
}

/** One item open at a time (SPEC §2); each question is a button with aria-expanded/aria-controls. */
export function FaqAccordion({ items }: FaqAccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200">
      {items.map((item) => {
        const open = openId === item.id;
        const panelId = `faq-panel-${item.id}`;
        const buttonId = `faq-button-${item.id}`;
        return (
          <div key={item.id}>
            <h3 className="text-lg">
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-gray-50"
              >
                <span>{item.question}</span>
                <span aria-hidden="true" className="text-2xl text-brand-700">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
