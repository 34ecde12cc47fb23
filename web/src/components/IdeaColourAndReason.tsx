import { useTranslation } from 'react-i18next';
import { promisingIdeaColours, type PromisingIdeaColour } from '../../../contracts/promisingIdeas.ts';
import { SelectField } from './SelectField.tsx';
import { TextArea } from './TextArea.tsx';

/**
 * A promising idea's colour (the spec's list, each with the community's label
 * when it has one) and reason: the fields of marking an idea in a note and of
 * editing one in the ideas' table. `name` prefixes both fields' names and test
 * ids (`<name>-colour`, `<name>-reason`).
 */
export const IdeaColourAndReason = ({
  name,
  colourLabel,
  reasonLabel,
  colour,
  reason,
  labelOf,
  onColour,
  onReason,
}: {
  name: string;
  colourLabel: string;
  reasonLabel: string;
  colour: PromisingIdeaColour;
  reason: string;
  labelOf: (colour: PromisingIdeaColour) => string;
  onColour: (colour: PromisingIdeaColour) => void;
  onReason: (reason: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        name={`${name}-colour`}
        label={colourLabel}
        value={colour}
        onChange={(event) => onColour(event.target.value as PromisingIdeaColour)}
        data-testid={`${name}-colour`}
      >
        {promisingIdeaColours.map((c) => (
          <option key={c} value={c}>
            {t(`promisingIdeas.colours.${c}`)}
            {labelOf(c) ? ` (${labelOf(c)})` : ''}
          </option>
        ))}
      </SelectField>
      <TextArea
        name={`${name}-reason`}
        label={reasonLabel}
        value={reason}
        maxLength={2000}
        rows={2}
        onChange={(event) => onReason(event.target.value)}
        data-testid={`${name}-reason`}
      />
    </>
  );
};
