import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './styles/global.css';
import { activateLanguage, i18n, initialLanguage } from './lib/i18n';
import { router } from './router';
import { registerServiceWorker } from './lib/service-worker';
import { forgetOutboxSessionWhenSignedOut } from './lib/outbox-session';
import { watchConnectivity } from './lib/connectivity';

async function start() {
  await activateLanguage(initialLanguage());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  void registerServiceWorker();
  forgetOutboxSessionWhenSignedOut();
  watchConnectivity();
}

void start();
