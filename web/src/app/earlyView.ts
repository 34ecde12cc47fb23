import { sendEarly } from '../lib/earlyFetch.ts';
import { tokenStore } from '../lib/tokenStore.ts';
import { paths } from './paths.ts';

/**
 * Opening a page with a session (issue 16 §2): the first module the app
 * evaluates sends the profile request every signed-in page waits for
 * (RequireAuth) and, on a view, the view's canvas request and the view
 * screen's code, so that the server answers and the code arrives while the
 * rest of the app is still being evaluated (they used to start only after
 * that, the profile only once the app had rendered). Without a session nothing
 * is sent: the page sends to the login page anyway.
 */
const viewPath = new RegExp(`^${paths.view.replace(':viewId', '([^/]+)')}(?:/[^/]+)?/?$`);

const match = viewPath.exec(window.location.pathname);
const token = tokenStore.get();
if (token) sendEarly('/api/users/me', `Bearer ${token}`);
if (match?.[1] && token) {
  let viewId: string | null = null;
  try {
    viewId = decodeURIComponent(match[1]);
  } catch {
    viewId = null; // a malformed address: the route answers it as before
  }
  if (viewId) {
    sendEarly(`/api/views/${encodeURIComponent(viewId)}/canvas`, `Bearer ${token}`);
    void import('../features/view/components/ViewPage.tsx').catch(() => undefined);
  }
}
