import { useTranslation } from 'react-i18next';
import { descriptionMaxLength } from '../../../../../contracts/api/objects.ts';
import { TextArea } from '../../../components/TextArea.tsx';

/** Characters as the server counts them (code points). */
export const descriptionLength = (text: string): number => [...text.trim()].length;

/**
 * The description of a drawing, an image or an attachment (issue 25 §4): the
 * text alternative a screen reader says in place of the picture, stored in
 * `data.description`. Too long a text is said here, before the server's 400.
 */
export const DescriptionField = ({
  value,
  onChange,
  name,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  name: string;
  error?: string | null;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const count = descriptionLength(value);
  const tooLong = count > descriptionMaxLength ? t('contribution.description.tooLong', { max: descriptionMaxLength, count }) : null;
  return (
    <TextArea
      label={t('contribution.description.label')}
      hint={t('contribution.description.hint', { max: descriptionMaxLength })}
      name={name}
      value={value}
      rows={2}
      // A sentence or two: smaller than a note's text area.
      style={{ minHeight: '4.5rem' }}
      onChange={(event) => onChange(event.target.value)}
      error={tooLong ?? error ?? undefined}
      disabled={disabled}
      data-testid="description-input"
    />
  );
};
