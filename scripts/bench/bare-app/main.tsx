/**
 * The bare stack the benchmark measures beside the app: React, TanStack Router and Lingui as the
 * app uses them, nothing else — no prerendered page, no service worker, no kept answers. Two
 * screens like the app's first ones (a landing page and a sign-in form), drawn on the client.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider, Trans } from '@lingui/react';
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';

i18n.loadAndActivate({
  locale: 'en',
  messages: {
    title: 'Lao e-Government',
    lead: 'Apply for a resident certificate, pay by bank transfer and follow your application.',
    signIn: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    register: 'Create an account',
  },
});

const page = { maxWidth: 480, margin: '0 auto', padding: 16, fontFamily: 'system-ui, sans-serif' };
const field = { display: 'block', width: '100%', padding: 12, margin: '4px 0 16px', fontSize: 16 };

const rootRoute = createRootRoute({
  component: () => (
    <main style={page}>
      <h1>
        <Trans id="title" />
      </h1>
      <Outlet />
    </main>
  ),
});

const landing = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => (
    <>
      <p>
        <Trans id="lead" />
      </p>
      <Link to="/login">
        <Trans id="signIn" />
      </Link>
    </>
  ),
});

const login = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: () => (
    <form onSubmit={(e) => e.preventDefault()}>
      <label>
        <Trans id="email" />
        <input type="email" autoComplete="email" style={field} />
      </label>
      <label>
        <Trans id="password" />
        <input type="password" autoComplete="current-password" style={field} />
      </label>
      <button type="submit" style={{ ...field, background: '#002868', color: '#fff' }}>
        <Trans id="signIn" />
      </button>
      <Link to="/">
        <Trans id="register" />
      </Link>
    </form>
  ),
});

const router = createRouter({ routeTree: rootRoute.addChildren([landing, login]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
