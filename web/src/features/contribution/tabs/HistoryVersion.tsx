import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { plainTextOf } from '../../../../../contracts/noteSchema.ts';
import { useHistorical, type HistoricalObject } from '../api/objects.ts';
import { resolveAttachment } from '../attachments/resolve.ts';
import { svgDataUrl } from '../drawing/svg.ts';
import { DocView } from '../editor/DocView.tsx';
import { docFromJson } from '../editor/setup.ts';
import { HistoricalTable } from './HistoricalTable.tsx';
import { HistoryDiff, type NameOf } from './HistoryDiff.tsx';
import { compareVersions, versionFacts } from './versionDiff.ts';
import styles from './History.module.css';

/** Event types the history names (contribution.history.change.*); any other is a plain "change". */
const changeKinds = [
  'ContributionCreated',
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'ContributionRetitled',
  'ContributionStatusChanged',
  'PermissionChanged',
  'CoauthorAdded',
  'CoauthorRemoved',
  'FavouriteAdded',
  'FavouriteRemoved',
  'AttachmentUploaded',
  'VideoCommentAdded',
  'AnnotationEdited',
  'ScaffoldTemplateChanged',
  'ContributionDescribed',
  'ContextSettingsChanged',
  'GroupMemberAdded',
  'GroupMemberRemoved',
  'ViewSettingChanged',
  'LinkCreated',
  'LinkUpdated',
  'LinkDeleted',
] as const;
type ChangeKind = (typeof changeKinds)[number] | 'other';
export const changeKindOf = (eventType: string): ChangeKind =>
  (changeKinds as readonly string[]).includes(eventType) ? (eventType as ChangeKind) : 'other';

/** The plain text of a note body, as the diff compares it. */
const textOf = (body: unknown): string => plainTextOf(docFromJson(body));

/** The file an attachment version holds (its last upload). */
const fileNameOf = (data: Record<string, unknown>): string => {
  const inner = data.data as { versions?: { filename?: unknown }[] } | undefined;
  const last = Array.isArray(inner?.versions) ? inner.versions[inner.versions.length - 1] : undefined;
  return typeof last?.filename === 'string' ? last.filename : '';
};

/** Names for ids, as the server resolved them (authors by name, groups by title). */

/**
 * One past version as the contribution looked then (issue 21 §7): its title,
 * its body through the same read-only renderer as the Read tab, its authors
 * by name, who made the change and what kind of change, and what differs
 * from the previous version the reader may read.
 */
export const HistoryVersion = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const version = useHistorical(id);
  const previous = useHistorical(version.data?.previousId ?? null);
  if (version.isPending) return <p className={styles.muted}>{t('contribution.loading')}</p>;
  if (version.isError) {
    return (
      <p className={styles.muted} role="alert">
        {t('contribution.history.unavailable')}
      </p>
    );
  }
  if (version.data.type !== 'Object') return <HistoricalTable version={version.data} />;
  return (
    <VersionView
      version={version.data}
      previous={previous.data ?? null}
      previousState={version.data.previousId ? previous.status : 'none'}
    />
  );
};

const VersionView = ({
  version,
  previous,
  previousState,
}: {
  version: HistoricalObject;
  previous: HistoricalObject | null;
  previousState: 'pending' | 'error' | 'success' | 'none';
}) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const data = version.data;
  const inner = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
  const names = useMemo(
    () => new Map([...version.names, ...(previous?.names ?? [])].map((entry) => [entry._id, entry.name])),
    [version.names, previous?.names],
  );
  const nameOf: NameOf = (key) => (key ? (names.get(key) ?? t('contribution.history.unknownName')) : t('contribution.properties.noGroup'));
  const facts = useMemo(() => versionFacts(data, textOf), [data]);
  const changes = useMemo(() => (previous ? compareVersions(versionFacts(previous.data, textOf), facts) : null), [previous, facts]);
  const who = version.authorId ? version.authorName : t('contribution.history.system');
  const change = t(`contribution.history.change.${changeKindOf(version.eventType)}`);
  const permission = ['private', 'protected', 'public'].includes(facts.permission)
    ? t(`contribution.properties.${facts.permission as 'private' | 'protected' | 'public'}`)
    : facts.permission;

  return (
    <article className={styles.version} data-testid="historical-version" aria-label={facts.title || t('contribution.untitled')}>
      <h4 className={styles.versionTitle} data-testid="historical-title">
        {facts.title || t('contribution.untitled')}
      </h4>
      <p className={styles.change} data-testid="historical-change">
        {t('contribution.history.changedBy', { change, name: who, date: new Date(version.at).toLocaleString(locale) })}
      </p>
      <p className={styles.meta}>
        <span data-testid="historical-authors">
          {facts.authors.length > 0
            ? t('contribution.history.authors', { list: facts.authors.map(nameOf).join(', ') })
            : t('contribution.history.noAuthors')}
        </span>
        <span data-testid="historical-permission">{t('contribution.history.permission', { value: permission })}</span>
        {facts.group && <span>{t('contribution.history.group', { name: nameOf(facts.group) })}</span>}
      </p>
      {version.dataType === 'Note' && (
        <div className={styles.body}>
          {facts.text.trim() ? (
            <DocView body={inner.body} resolveAttachment={resolveAttachment} testId="historical-body" />
          ) : (
            <p className={styles.muted} data-testid="historical-body">
              {t('contribution.history.emptyBody')}
            </p>
          )}
        </div>
      )}
      {version.dataType === 'Drawing' && (
        <img
          className={styles.drawing}
          src={svgDataUrl(facts.svg)}
          alt={(typeof inner.description === 'string' && inner.description.trim()) || facts.title}
          data-testid="historical-drawing"
        />
      )}
      {version.dataType === 'Attachment' && fileNameOf(data) && (
        <p className={styles.meta}>{t('contribution.history.file', { name: fileNameOf(data) })}</p>
      )}
      <HistoryDiff previous={previous} previousState={previousState} changes={changes} nameOf={nameOf} />
    </article>
  );
};
