import { AUTO_ADVANCE_MS } from '@taxback/domain';
import { useAutoAdvance } from '../hooks/use-auto-advance.ts';
import { fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import {
  AUTO_ADVANCE_NOTE_ID,
  AutoAdvanceNote,
  ChoiceList,
  FieldError,
  type ChoiceInput,
  type ChoiceOption,
} from './choice-list.tsx';

/**
 * A step's one question as choices that move on by themselves (SPEC §2, D26): a line above says
 * that clicking or tapping moves on, a choice made with the keyboard never does, and the step's
 * Continue button is always there. `autoAdvance` false (e.g. an answer changed on return) leaves
 * out the line and the moving on; `advances` says which answers move on (others need more input).
 */
export function AutoAdvanceChoices<T extends string>({
  field,
  options,
  value,
  error,
  testIdPrefix,
  onAnswer,
  autoAdvance = true,
  advances = () => true,
}: {
  field: string;
  options: readonly ChoiceOption<T>[];
  value: T | '';
  error: string | undefined;
  testIdPrefix: string;
  onAnswer: (value: T) => void;
  autoAdvance?: boolean;
  advances?: (value: T) => boolean;
}) {
  const wizard = useWizard();
  const auto = useAutoAdvance(AUTO_ADVANCE_MS);

  function choose(chosen: T, input: ChoiceInput) {
    onAnswer(chosen);
    if (autoAdvance && input === 'pointer' && advances(chosen)) auto.schedule(wizard.advance);
    else auto.cancel();
  }

  return (
    <>
      {autoAdvance && <AutoAdvanceNote />}
      <FieldError message={error} />
      <ChoiceList
        labelledBy="wizard-step-heading"
        {...(autoAdvance ? { describedBy: AUTO_ADVANCE_NOTE_ID } : {})}
        options={options}
        value={value}
        onChoose={choose}
        firstId={fieldId(field)}
        invalid={Boolean(error)}
        testIdPrefix={testIdPrefix}
      />
    </>
  );
}
