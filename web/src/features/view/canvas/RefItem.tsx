import { memo, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { inPlaceSize } from '../../../../../contracts/api/canvas.ts';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { isImageAttachment, refLook, showsInPlace, type ViewRef } from './model.ts';
import { InPlaceViewContext } from './inPlaceView.ts';
import { BadgeIcon, RefIcon } from './RefIcon.tsx';
import { metaFits, titleFits } from './textFit.ts';
import styles from './Canvas.module.css';

export type RefItemProps = {
  ref_: ViewRef;
  selected: boolean;
  /** The canvas's one Tab stop (the others are reached with the arrow keys). */
  tabbable: boolean;
  isNew: boolean;
  /** The title of the note this one builds on, when that note is in the view: said in the accessible name (issue 25 §3). */
  buildsOnTitle?: string | undefined;
  /** Filtered out by the filter panel: drawn faint. */
  dimmed: boolean;
  setting: ViewSetting;
  favourites: boolean;
  timeFormat: Intl.DateTimeFormat;
  /** The interface texts (useRefText): one translation per key and language for all refs. */
  text: RefText;
};

export type RefText = (key: string) => string;

/**
 * The refs' interface texts, each key translated once per language. A ref
 * takes them as a prop instead of subscribing to i18next itself: a thousand
 * subscriptions and a few thousand lookups made mounting a large view slow.
 */
export const useRefText = (): RefText => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const texts = new Map<string, string>();
    return (key: string) => {
      let value = texts.get(key);
      if (value === undefined) {
        value = (t as (key: string) => string)(key);
        texts.set(key, value);
      }
      return value;
    };
    // The language is a dependency on purpose: the same t can answer another language.
  }, [t, language]);
};

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * One ref, absolutely positioned at its x/y. It takes no callbacks: the canvas
 * handles pointer events by delegation (data-ref-id), so a ref re-renders only
 * when its own data changes. During a drag the canvas moves it with a CSS
 * transform, cleared here once the new position arrives.
 */
export const RefItem = memo(function RefItem({
  ref_: ref,
  selected,
  tabbable,
  isNew,
  buildsOnTitle,
  dimmed,
  setting,
  favourites,
  timeFormat,
  text: t,
}: RefItemProps) {
  const element = useRef<HTMLDivElement>(null);
  const { x, y } = ref.data;
  useLayoutEffect(() => {
    if (element.current) element.current.style.transform = '';
  }, [x, y]);

  const look = refLook(ref);
  const target = ref._to;
  const inPlace = showsInPlace(ref);
  const fixed = ref.data.fixed === true;
  const pinned = !fixed && ref.data.draggable === false;
  const typeText = t(`canvas.kind.${look.kind}`);
  const readText = look.kind === 'note' || look.kind === 'riseabove' ? t(`canvas.read.${look.read}`) : '';
  // What a sighted pupil reads off the card and its arrows, for a screen reader: who, when, read or not, what it builds on.
  const details = [
    typeText,
    target.authorNames.length > 0 ? `${t('canvas.a11y.by')} ${target.authorNames.join(', ')}` : '',
    Number.isFinite(Date.parse(target.modified)) ? `${t('canvas.a11y.modified')} ${timeFormat.format(new Date(target.modified))}` : '',
    readText,
    buildsOnTitle !== undefined ? t('canvas.a11y.buildsOn').replace('{{title}}', buildsOnTitle || t('canvas.untitled')) : '',
    // A picture's text alternative (issue 25 §4): the card is a button, so its name carries it.
    target.description ? t('canvas.a11y.description').replace('{{text}}', target.description) : '',
    look.byMe ? t('canvas.byMe') : '',
    look.promising ? t('canvas.promising') : '',
    isNew ? t('canvas.new') : '',
    fixed ? (ref.data.locked ? t('canvas.hardLocked') : t('canvas.locked')) : pinned ? t('canvas.pinned') : '',
    selected ? t('canvas.selected') : '',
  ].filter(Boolean);
  const label = `${target.title || t('canvas.untitled')} (${details.join(', ')})`;
  const meta: string[] = [];
  if (setting.showAuthor && target.authorNames.length > 0) meta.push(target.authorNames.join(', '));
  if (setting.showTime) meta.push(timeFormat.format(new Date(target.modified)));
  if (setting.showGroup && target.groupTitle) meta.push(target.groupTitle);
  const title = target.title || t('canvas.untitled');
  const langs = setting.language && target.langInNote.length > 0 ? target.langInNote.map((lang) => lang.toUpperCase()).join(' ') : null;
  const metaText = meta.join(' · ');
  // Only texts that may not fit get the ellipsis (an overflow clip each: see textFit.ts).
  const titleClass = titleFits(title, {
    newText: isNew ? t('canvas.new') : null,
    star: favourites && target.favourite,
    lock: fixed || pinned,
    langs,
  })
    ? styles.refTitle
    : `${styles.refTitle} ${styles.ellipsis}`;
  const metaClass = metaFits(metaText) ? styles.refMeta : `${styles.refMeta} ${styles.ellipsis}`;

  const renderInPlaceView = useContext(InPlaceViewContext);
  const classes = [
    styles.ref,
    inPlace ? styles.inPlace : styles.iconRef,
    selected ? styles.selected : '',
    isNew ? styles.isNew : '',
    dimmed ? styles.dimmed : '',
    fixed ? styles.fixed : '',
    look.kind === 'note' || look.kind === 'riseabove' ? styles[`card_${look.read}`] : '',
    favourites && target.favourite ? styles.favourite : '',
  ].join(' ');

  const body = inPlace ? (
    target.svg ? (
      <img className={styles.inPlaceMedia} src={svgSource(target.svg)} alt={target.description ?? ''} draggable={false} />
    ) : isImageAttachment(ref) && target.attachment ? (
      <img className={styles.inPlaceMedia} src={target.attachment.url} alt={target.description ?? ''} draggable={false} loading="lazy" />
    ) : target.riseaboveViewId && renderInPlaceView ? (
      renderInPlaceView(target.riseaboveViewId, target.title)
    ) : null
  ) : null;

  return (
    <div
      ref={element}
      className={classes}
      style={{
        left: x,
        top: y,
        ...(inPlace ? { width: ref.data.width ?? inPlaceSize.width, height: ref.data.height ?? inPlaceSize.height } : {}),
      }}
      data-ref-id={ref._id}
      data-ref-to={ref.to}
      data-testid="ref"
      data-title={target.title}
      data-read={target.read}
      data-selected={selected || undefined}
      data-fixed={fixed || undefined}
      role="button"
      tabIndex={tabbable && !fixed ? 0 : -1}
      aria-label={label}
      title={label}
    >
      <div className={styles.refHead}>
        <RefIcon look={look} />
        <span className={titleClass}>{title}</span>
        {isNew && <span className={styles.newBadge}>{t('canvas.new')}</span>}
        {favourites && target.favourite && <BadgeIcon glyph="star" />}
        {fixed && <BadgeIcon glyph="lock" />}
        {pinned && <BadgeIcon glyph="pin" />}
        {langs !== null && <span className={styles.langs}>{langs}</span>}
      </div>
      {meta.length > 0 && !inPlace && <div className={metaClass}>{metaText}</div>}
      {body}
    </div>
  );
});
