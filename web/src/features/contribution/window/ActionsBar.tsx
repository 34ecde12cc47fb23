import { GitBranchPlus, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { createContribution, useFavourite, type ObjectReply } from '../api/objects.ts';
import styles from './Pane.module.css';
import { TemplateMenu } from './TemplateMenu.tsx';
import { failureText } from '../../../components/serverMessage.ts';
import { GoogleDocButtons } from '../google/GoogleDocButtons.tsx';
import { TranslateButtons } from '../translate/TranslateButtons.tsx';

/**
 * Below the editor: build-on, new note from a template, Google Docs (googledocs plugin), translation to English
 * or Chinese (translateToEnglish / translateToChinese plugins, with its panel) and the favourite star
 * (enableFavourites plugin), active contributions only.
 */
export const ActionsBar = ({
  object,
  favouritesOn,
  googleDocsOn = false,
  translateTo = { english: false, chinese: false },
  userId,
  onOpen,
  viewId = null,
}: {
  object: ObjectReply;
  favouritesOn: boolean;
  /** The community's googledocs plugin (the buttons also need Google configured on the server). */
  googleDocsOn?: boolean;
  /** The community's translateToEnglish / translateToChinese plugins (the buttons also need translation configured on the server). */
  translateTo?: { english: boolean; chinese: boolean };
  userId: string | null;
  /** Opens a contribution this bar made; `title` names its window until the pupil types one. */
  onOpen: (contributionId: string, title?: string) => void;
  /** The view the window belongs to: a note from a template is placed there. */
  viewId?: string | null;
}) => {
  const { t } = useTranslation();
  const favourite = useFavourite(object.communityId, object._id);
  const [message, setMessage] = useState<string | null>(null);
  const [building, setBuilding] = useState(false);
  const stored = object.data.favAuthors;
  const favAuthors = Array.isArray(stored) ? stored : [];
  const isFavourite = userId !== null && favAuthors.includes(userId);
  const active = object.status === 'active';

  const buildOn = async () => {
    setBuilding(true);
    setMessage(null);
    try {
      // The server places the new note beside the parent in every view holding it that the author may add to,
      // else in the view the window belongs to, if the author may add to it (issue 20 §10).
      const created = await createContribution(object.communityId, {
        type: 'Note',
        buildsOn: object._id,
        ...(viewId ? { workingViewId: viewId } : {}),
      });
      // Its window is named after what it builds on until it has a title: a screen reader says which note it is.
      onOpen(created.contribution._id, t('contribution.actions.buildOnWindow', { title: object.title }));
    } catch (error) {
      setMessage(failureText(error));
    } finally {
      setBuilding(false);
    }
  };

  if (!active) return null;
  return (
    <div className={styles.actions} data-testid="below-editor">
      {object.type === 'Note' && (
        <Button variant="secondary" onClick={() => void buildOn()} disabled={building} data-testid="build-on">
          <GitBranchPlus size={18} aria-hidden="true" />
          {t('contribution.actions.buildOn')}
        </Button>
      )}
      {object.type === 'Note' && <TemplateMenu object={object} viewId={viewId} onOpen={onOpen} />}
      {googleDocsOn && <GoogleDocButtons object={object} viewId={viewId} />}
      {favouritesOn && (
        <Button
          variant="ghost"
          aria-pressed={isFavourite}
          onClick={() =>
            favourite.mutate(!isFavourite, {
              onError: () =>
                setMessage(isFavourite ? t('contribution.spec.favouriteRemoveFailed') : t('contribution.spec.favouriteAddFailed')),
              onSuccess: () => setMessage(null),
            })
          }
          data-testid="favourite"
        >
          <Star size={18} aria-hidden="true" fill={isFavourite ? 'currentColor' : 'none'} className={isFavourite ? styles.starOn : ''} />
          {isFavourite ? t('contribution.actions.unfavourite') : t('contribution.actions.favourite')}
        </Button>
      )}
      {(translateTo.english || translateTo.chinese) && (
        <TranslateButtons object={object} toEnglish={translateTo.english} toChinese={translateTo.chinese} />
      )}
      {message && (
        <Alert tone="error" testId="actions-message">
          {message}
        </Alert>
      )}
    </div>
  );
};
