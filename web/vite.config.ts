import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `…/i18n/locales/canvas/en.json` → `locale-en`; French and anything else: the default splitting. */
const localeChunk = (id: string): string | null => {
  const match = /\/i18n\/locales\/(?:[^/]+\/)?([A-Za-z_]+)\.json$/.exec(id);
  return match && match[1] !== 'fr' ? `locale-${match[1]}` : null;
};

/** The SPA that Fastify serves from web/dist (static files plus the SPA fallback). */
export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A language's files in one chunk, fetched when the language is chosen (web/src/i18n/lazyLocales.ts);
            // French stays in the first chunk (frenchLocale.ts).
            { name: (id) => localeChunk(id), priority: 2 },
            // Fewer, larger first requests (issue 16 §2): the icons and the shared components each in one chunk
            // rather than one chunk of 0.5–2 KB apiece, which over HTTP/1.1's six connections queued behind the
            // view's canvas request.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            { name: 'ui', test: /web[\\/]src[\\/]components[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
    },
  },
});
