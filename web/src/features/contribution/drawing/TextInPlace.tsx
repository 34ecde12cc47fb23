import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextEdit } from './scene.ts';
import styles from './Drawing.module.css';

/** paper.js's default leading: a PointText's lines are 1.2 font sizes apart. */
const leading = 1.2;

/** The font's ascent and descent at this size (canvas metrics), so the typed baseline sits on the text's. */
const metricsOf = (font: string, fontSize: number) => {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return { ascent: fontSize * 0.9, descent: fontSize * 0.25, widthOf: (line: string) => line.length * fontSize * 0.6 };
  context.font = font;
  const probe = context.measureText('Hg');
  return {
    ascent: probe.fontBoundingBoxAscent || fontSize * 0.9,
    descent: probe.fontBoundingBoxDescent || fontSize * 0.25,
    widthOf: (line: string) => context.measureText(line).width,
  };
};

/**
 * The drawing's text, written in place (issue 21 §12): a text area over the
 * canvas where the text will be, in its font, size and colour. Enter places
 * it (Shift+Enter starts a line), leaving it places it too, Escape drops it.
 */
export const TextInPlace = ({
  edit,
  onCommit,
  onCancel,
}: {
  edit: TextEdit;
  onCommit: (content: string) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(edit.content);
  const input = useRef<HTMLTextAreaElement>(null);
  const ended = useRef(false);
  const font = `${edit.fontSize}px ${edit.fontFamily}`;
  const metrics = useMemo(() => metricsOf(font, edit.fontSize), [font, edit.fontSize]);

  useEffect(() => {
    // After the click that placed it is over: the pointer press gives the canvas the focus first.
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const end = (commit: boolean) => {
    if (ended.current) return;
    ended.current = true;
    if (commit) onCommit(value);
    else onCancel();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      end(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      end(false);
    }
  };

  const lines = value.split('\n');
  const lineHeight = edit.fontSize * leading;
  // The first line's baseline in the text area: half the leading, then the ascent.
  const baseline = (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent;
  const width = Math.ceil(Math.max(edit.fontSize * 3, ...lines.map(metrics.widthOf)) + edit.fontSize);

  return (
    <textarea
      ref={input}
      className={styles.textInPlace}
      style={{
        left: edit.x,
        top: edit.y - baseline,
        width,
        height: lines.length * lineHeight,
        font,
        lineHeight: `${lineHeight}px`,
        color: edit.colour,
      }}
      value={value}
      rows={lines.length}
      wrap="off"
      spellCheck
      aria-label={t('contribution.drawing.textPrompt')}
      placeholder={t('contribution.drawing.textPlaceholder')}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => end(true)}
      data-testid="draw-text-input"
    />
  );
};
