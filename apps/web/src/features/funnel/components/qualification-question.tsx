import { EARNINGS_THRESHOLD_GBP } from '@taxback/domain/expenses';

export interface QualificationQuestionProps {
  answer: 'yes' | 'no' | null;
  onYes: () => void;
  onNo: () => void;
  headingLevel?: 'h1' | 'h2';
}

const thresholdLabel = `£${Math.round(EARNINGS_THRESHOLD_GBP / 1000)}k`;

/** 'Do you earn over £18k per year?' with Yes/No (SPEC §2); the earlier answer shows as pressed. */
export function QualificationQuestion({
  answer,
  onYes,
  onNo,
  headingLevel = 'h2',
}: QualificationQuestionProps) {
  const Heading = headingLevel;
  const choice =
    'inline-flex min-h-12 flex-1 items-center justify-center rounded-lg border-2 px-5 py-3 text-lg font-semibold';
  return (
    <div className="rounded-xl bg-white p-5 text-ink shadow-md ring-1 ring-gray-200">
      <Heading id="qualification-question" className="mb-4 text-xl sm:text-2xl">
        Do you earn over {thresholdLabel} per year?
      </Heading>
      <div role="group" aria-labelledby="qualification-question" className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          aria-pressed={answer === 'yes'}
          onClick={onYes}
          className={`${choice} ${
            answer === 'yes'
              ? 'border-brand-800 bg-brand-800 text-white'
              : 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
          }`}
        >
          Yes, I do
        </button>
        <button
          type="button"
          aria-pressed={answer === 'no'}
          onClick={onNo}
          className={`${choice} ${
            answer === 'no'
              ? 'border-danger bg-danger-bg text-danger'
              : 'border-gray-600 bg-white text-ink hover:bg-gray-50'
          }`}
        >
          No, I don&apos;t
        </button>
      </div>
      <div>
        {answer === 'no' && (
          <p role="alert" className="mt-4 font-semibold text-danger">
            You must qualify to proceed
          </p>
        )}
      </div>
    </div>
  );
}
