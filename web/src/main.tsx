// First: a view's canvas request and code leave before the rest of the app is evaluated (issue 16 §2).
import './app/earlyView.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/index.ts';
import { startSessionRefresh } from './lib/sessionRefresh.ts';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The token is rotated before it expires, on every page (issue 17 §4).
startSessionRefresh();

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
