// D39, decision 077: HMRC's business-journey questions for one regular place, asked in
// workplaceQuestionsFor's order with WORKPLACE_QUESTIONS' words; the decision's reason shown.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  WORKPLACE_MESSAGES,
  WORKPLACE_QUESTIONS,
  WORKPLACE_START_QUESTION,
  workplaceFieldPath,
  type WorkplaceAnswers,
} from '@taxback/domain';
import { fieldId } from '../lib/validation.ts';
import { THIRTY_MONTH_SITE } from '@taxback/domain/test/example-snapshots';
import { WorkplaceQuestions, workplaceFieldPaths } from './workplace-questions.tsx';

function Harness({
  onChange,
  errors = {},
  initial,
}: {
  onChange: (a: WorkplaceAnswers) => void;
  errors?: Record<string, string>;
  initial?: WorkplaceAnswers;
}) {
  const [answers, setAnswers] = useState<WorkplaceAnswers | undefined>(initial);
  return (
    <WorkplaceQuestions
      place="M1 1AE"
      number={1}
      answers={answers}
      errors={errors}
      onChange={(a) => {
        setAnswers(a);
        onChange(a);
      }}
    />
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const choose = (question: string, label: string) =>
  fireEvent.click(within(group(question)).getByRole('radio', { name: new RegExp(`^${label}`) }));
const typeIn = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('WorkplaceQuestions', () => {
  it('asks only the first question until it is answered, in a fieldset named by the place', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(group('Your journeys to M1 1AE')).toBeInTheDocument();
    const role = group(WORKPLACE_QUESTIONS.role.question);
    expect(within(role).getAllByRole('radio')).toHaveLength(4);
    // Each option carries HMRC's fact as its hint.
    expect(role).toHaveTextContent(WORKPLACE_QUESTIONS.role.options![2]!.hint!);
    expect(screen.queryByText(WORKPLACE_QUESTIONS.homeWorking.question)).not.toBeInTheDocument();
  });

  it('a 30-month site at 60% of the working time: the questions in order, then left out with the reason', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    choose(WORKPLACE_QUESTIONS.role.question, 'A place I go to for a piece of work that will end');
    const legends = () =>
      screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent ?? '');
    expect(legends()).toEqual([
      'Your journeys to M1 1AE',
      WORKPLACE_QUESTIONS.role.question,
      WORKPLACE_QUESTIONS.siteBased.question,
      WORKPLACE_QUESTIONS.homeWorking.question,
      WORKPLACE_QUESTIONS.sameAsCommute.question,
      // The share is not known yet, so the length questions are still needed (EIM32080).
      WORKPLACE_QUESTIONS.wholeEmployment.question,
      WORKPLACE_QUESTIONS.expectationChange.question,
    ]);
    choose(WORKPLACE_QUESTIONS.siteBased.question, 'No');
    choose(WORKPLACE_QUESTIONS.homeWorking.question, 'No');
    choose(WORKPLACE_QUESTIONS.sameAsCommute.question, 'No');
    typeIn(`${WORKPLACE_QUESTIONS.shareOfWorkingTime.question} (%)`, '60%');
    choose(WORKPLACE_QUESTIONS.wholeEmployment.question, 'No');
    typeIn(WORKPLACE_QUESTIONS.expectedMonths.question, '30');
    choose(WORKPLACE_QUESTIONS.expectationChange.question, 'No');
    typeIn(WORKPLACE_QUESTIONS.actualMonths.question, '30');

    const outcome = screen.getByTestId('place-1-outcome');
    expect(outcome).toHaveTextContent('Journeys here are left out of your claim');
    expect(outcome).toHaveTextContent('more than 24, so HMRC treats it as a permanent workplace');
    expect(onChange).toHaveBeenLastCalledWith({
      place: 'M1 1AE',
      facts: { ...THIRTY_MONTH_SITE, expectationChange: null },
      outcome: { counts: 'none', rule: 'permanent-workplace-24-months' },
    });
  });

  it('under 40% stops asking and says every journey counts (EIM32086)', () => {
    render(<Harness onChange={vi.fn()} />);
    choose(WORKPLACE_QUESTIONS.role.question, 'A place I visit regularly');
    typeIn(`${WORKPLACE_QUESTIONS.shareOfWorkingTime.question} (%)`, '20');
    expect(screen.queryByText(WORKPLACE_QUESTIONS.wholeEmployment.question)).not.toBeInTheDocument();
    expect(screen.getByTestId('place-1-outcome')).toHaveTextContent('Journeys here count as business travel');
  });

  it('asks the first day there when only part of the time counts (EIM32084)', () => {
    const onChange = vi.fn();
    render(
      <Harness
        onChange={onChange}
        initial={{
          place: 'M1 1AE',
          facts: {
            role: 'regular-site',
            shareOfWorkingTime: 100,
            wholeEmployment: false,
            expectedMonths: 18,
            expectationChange: { afterMonths: 10 },
          },
        }}
      />,
    );
    expect(screen.queryByText(WORKPLACE_START_QUESTION.question)).not.toBeInTheDocument();
    typeIn(WORKPLACE_QUESTIONS['expectationChange.newExpectedMonths'].question, '28');
    const start = group(WORKPLACE_START_QUESTION.question);
    fireEvent.change(within(start).getByRole('textbox', { name: 'Day' }), { target: { value: '1' } });
    fireEvent.change(within(start).getByRole('textbox', { name: 'Month' }), { target: { value: '6' } });
    fireEvent.change(within(start).getByRole('textbox', { name: 'Year' }), { target: { value: '2024' } });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        startedOn: '2024-06-01',
        outcome: { counts: 'until', untilMonth: 10, rule: 'expectation-changed-to-over-24-months' },
      }),
    );
    expect(screen.getByTestId('place-1-outcome')).toHaveTextContent('Only some journeys here count');
  });

  it('shows an error above its field, which the error summary links to by id', () => {
    const path = workplaceFieldPath('M1 1AE', 'shareOfWorkingTime');
    render(
      <Harness
        onChange={vi.fn()}
        errors={{ [path]: WORKPLACE_MESSAGES.shareRequired }}
        initial={{ place: 'M1 1AE', facts: { role: 'regular-site' } }}
      />,
    );
    const input = screen.getByRole('textbox', {
      name: `${WORKPLACE_QUESTIONS.shareOfWorkingTime.question} (%)`,
    });
    expect(input).toHaveAttribute('id', fieldId(path));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(WORKPLACE_QUESTIONS.shareOfWorkingTime.hint!),
    );
    expect(input).toHaveAccessibleDescription(expect.stringContaining(WORKPLACE_MESSAGES.shareRequired));
    expect(workplaceFieldPaths('M1 1AE', { role: 'regular-site' })).toContain(path);
  });
});
