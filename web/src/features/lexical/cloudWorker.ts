import cloud, { type Word } from 'd3-cloud';
import { seededRandom, type CloudRequest, type CloudResponse } from './cloudModel.ts';

/**
 * The word cloud's layout, off the main thread (issue 13 §2–§3: it must never
 * block the page): d3-cloud measures the words on an OffscreenCanvas and
 * places them, padding 3, rotated 0 or 90 degrees, as the original did.
 */
const worker = self as unknown as {
  onmessage: ((event: MessageEvent<CloudRequest>) => void) | null;
  postMessage(message: CloudResponse): void;
};

worker.onmessage = (event) => {
  const { id, words, width, height, padding, font, seed } = event.data;
  const random = seededRandom(seed);
  cloud<Word>()
    .size([width, height])
    .canvas(() => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement)
    .words(words.map((word) => ({ ...word })))
    .padding(padding)
    .rotate(() => (random() < 0.5 ? 0 : 90))
    .font(font)
    .fontSize((word) => word.size ?? 10)
    .random(random)
    .on('end', (placed) => {
      worker.postMessage({
        id,
        placed: placed.map((word) => ({
          text: word.text ?? '',
          size: word.size ?? 0,
          x: word.x ?? 0,
          y: word.y ?? 0,
          rotate: word.rotate ?? 0,
        })),
      });
    })
    .start();
};
