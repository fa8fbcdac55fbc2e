import { useId } from 'react';
import type { AuthorityDocument } from '@taxback/domain';

export interface AuthorityDocumentViewProps {
  document: AuthorityDocument;
  testId?: string;
}

/**
 * D19: the authority exactly as the server signs and renders it into the PDF: the same document,
 * built by the domain from the same answers and terms.
 */
export function AuthorityDocumentView({
  document,
  testId = 'authority-document',
}: AuthorityDocumentViewProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border-2 border-gray-300 p-4 break-words"
      data-testid={testId}
    >
      <h2 id={`${id}-title`} className="text-2xl">
        {document.title}
      </h2>
      {document.sections.map((section) => (
        <div key={section.id} className="space-y-2" data-testid={`authority-${section.id}`}>
          <h3 className="text-xl">{section.heading}</h3>
          {section.blocks.map((block, i) => {
            const key = `${section.id}-${i}`;
            if (block.type === 'paragraph') return <p key={key}>{block.text}</p>;
            if (block.type === 'list')
              return (
                <ul key={key} className="list-disc space-y-1 pl-6">
                  {block.items.map((item, j) => (
                    <li key={j}>{item}</li>
                  ))}
                </ul>
              );
            return (
              <div key={key}>
                {block.caption && <p className="font-semibold">{block.caption}</p>}
                <dl className="grid grid-cols-1 gap-y-1 sm:grid-cols-3 sm:gap-x-4">
                  {block.rows.map((row, j) => (
                    <div key={j} className="contents">
                      <dt className="font-semibold">{row.key}</dt>
                      <dd className="whitespace-pre-line sm:col-span-2">{row.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
