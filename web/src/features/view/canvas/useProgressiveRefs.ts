import { useEffect, useReducer, useRef } from 'react';
import { overlaps, refRect, type Rect, type ViewRef } from './model.ts';

/** Up to this many new refs mount at once (a usual view: no change at all). */
const firstBatch = 60;
/** Time a batch may take, its frame included: well under the 50 ms of a long task. */
const budgetMs = 30;
const minBatch = 40;
const maxBatch = 400;

/**
 * The refs to mount now. A view of thousands of refs is mounted over several
 * frames, those in sight first, a batch per frame sized so that each batch
 * (React render, style, layout, paint) stays within the budget: the page never
 * stops for one long task. Refs that arrive later (live, paste) mount at once
 * unless they are many. Keeps the order of `ordered` (the refs' layers).
 */
export const useProgressiveRefs = (ordered: readonly ViewRef[], viewport: () => Rect): readonly ViewRef[] => {
  const shown = useRef(new Set<string>());
  const batch = useRef(firstBatch);
  const started = useRef(0);
  const [step, next] = useReducer((n: number) => n + 1, 0);

  let waiting = 0;
  for (const ref of ordered) if (!shown.current.has(ref._id)) waiting++;
  let mounted = ordered;
  if (waiting > 0) {
    const take = waiting <= batch.current ? waiting : batch.current;
    if (take === waiting) {
      for (const ref of ordered) shown.current.add(ref._id);
    } else {
      const view = viewport();
      const fresh = ordered.filter((ref) => !shown.current.has(ref._id));
      const inSight = fresh.filter((ref) => overlaps(refRect(ref), view));
      const picked = (inSight.length >= take ? inSight : [...inSight, ...fresh.filter((ref) => !overlaps(refRect(ref), view))]).slice(
        0,
        take,
      );
      for (const ref of picked) shown.current.add(ref._id);
      mounted = ordered.filter((ref) => shown.current.has(ref._id));
    }
    waiting -= take;
  }

  useEffect(() => {
    if (waiting === 0) {
      batch.current = firstBatch;
      started.current = 0;
      return;
    }
    let timer = 0;
    // After the frame that draws this batch: each batch is a task of its own.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        // Size the next batch from how long the last one took, its frame included.
        const now = performance.now();
        if (started.current > 0) {
          const spent = Math.max(1, now - started.current);
          batch.current = Math.round(Math.min(maxBatch, Math.max(minBatch, (batch.current * budgetMs) / spent)));
        }
        started.current = now;
        next();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [waiting, step]);

  return mounted;
};
