/**
 * Build-time rendering of the public screens (scripts/prerender-pages.ts runs it from a Vite SSR
 * build): the same routes and components as the app, in a memory history, as a visitor without a
 * session sees them. The browser then hydrates over this markup (main.tsx). The signed-in home's
 * frame is rendered here too, which the app draws afresh instead (contract/prerendered-pages.ts).
 */
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Language } from '../../contract/master-data';
import { i18n } from '../lib/i18n';
import { createAppRouter } from '../router';
import { useSession } from '../lib/session';
import { messages as en } from '../../locales/en.po';
import { messages as lo } from '../../locales/lo.po';
import { AppShell } from './app-shell';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document title in that language (DocumentTitle sets the same once the app runs). */
  title: string;
}

function activate(language: Language) {
  i18n.loadAndActivate({ locale: language, messages: language === 'lo' ? lo : en });
  return t`Lao e-Government`;
}

/**
 * `signedIn`: rendered behind the citizen's guard with a stand-in session, as the screen looks
 * before the citizen's own data has come (no request is made while rendering).
 */
export async function renderPage(url: string, language: Language, signedIn = false): Promise<RenderedPage> {
  const title = activate(language);
  if (signedIn) useSession.setState({ token: 'build', expiresAt: Date.now() + 60 * 60_000, role: 'citizen' });
  try {
    const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
    await router.load();
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    return { html, title };
  } finally {
    useSession.setState({ token: null, expiresAt: null, role: null });
  }
}

export function renderAppShell(): string {
  return renderToString(<AppShell />);
}
