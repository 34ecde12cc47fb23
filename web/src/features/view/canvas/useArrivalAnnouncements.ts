import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveSentence, onClassmateMove, type ClassmateMove } from '../live/classmateMoves.ts';
import { arrivals } from './keyboard.ts';
import type { ViewRef } from './model.ts';

/** Arrivals within this long are read as one sentence, so a burst of classmates' notes is not a flood of speech. */
const batchMs = 2_000;

/**
 * Says in the canvas's live region what classmates add while the pupil works
 * ("Malik a ajouté « … »"), batched (issue 25 §3). The first load announces
 * nothing; the pupil's own contributions neither.
 */
export const useArrivalAnnouncements = (refs: readonly ViewRef[], announce: (text: string) => void) => {
  const { t } = useTranslation();
  const known = useRef<Set<string> | null>(null);
  const pending = useRef<ViewRef[]>([]);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (known.current === null) {
      known.current = new Set(refs.map((ref) => ref._id));
      return;
    }
    const seen = known.current;
    const arrived = arrivals(seen, refs);
    for (const ref of refs) seen.add(ref._id);
    if (arrived.length === 0) return;
    pending.current.push(...arrived);
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      const batch = pending.current;
      pending.current = [];
      const first = batch[0];
      if (!first) return;
      const title = (ref: ViewRef) => ref._to.title || t('canvas.untitled');
      announce(
        batch.length === 1
          ? t('canvas.a11y.added', { name: first._to.authorNames.join(', '), title: title(first) })
          : t('canvas.a11y.addedMany', { count: batch.length, titles: batch.map(title).join(', ') }),
      );
    }, batchMs);
  }, [refs, announce, t]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
};

/**
 * Says in the same live region what classmates move on this canvas ("Malik a
 * déplacé « … »"), batched like arrivals (issue 25 §3). The live channel
 * reports every move; this canvas says those of the refs it shows.
 */
export const useMoveAnnouncements = (refs: readonly ViewRef[], announce: (text: string) => void) => {
  const { t } = useTranslation();
  // The refs as last drawn, looked up when a move arrives (not a set rebuilt at every render: a drag renders every frame).
  const shown = useRef(refs);
  shown.current = refs;
  const pending = useRef<ClassmateMove[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const say = useRef(announce);
  say.current = announce;
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    const stop = onClassmateMove((move) => {
      if (!shown.current.some((ref) => ref._id === move.refId)) return;
      pending.current.push(move);
      if (timer.current !== undefined) return;
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        const sentence = moveSentence(pending.current, translate.current('canvas.untitled'));
        pending.current = [];
        if (!sentence) return;
        const { key, ...values } = sentence;
        say.current(translate.current(key, values));
      }, batchMs);
    });
    return () => {
      stop();
      window.clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, []);
};

/** The text of a polite live region and the way to change it; the same sentence twice in a row is still read twice. */
export const useAnnouncer = () => {
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement((before) => (before === text ? `${text}\u00a0` : text)), []);
  return { announcement, announce };
};
