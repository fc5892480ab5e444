import type { RouteObject } from 'react-router'
import { Layout } from './app/layout'
import { meta } from './app/route-handle'
import { PageSkeleton } from './components/page-skeleton'
import { RouteError } from './components/route-error'
import { articleLoader } from './pages/article/article-data'
import { bookingsLoader, cancelAction } from './pages/bookings/bookings-data'
import { cardsLoader } from './pages/cards/cards-data'
import { bookAction, classLoader } from './pages/class/class-data'
import { homeLoader } from './pages/home/home-data'
import { loginAction, loginLoader } from './pages/login/login-data'
import { meLoader, signOutAction } from './pages/me/me-data'
import { scheduleLoader } from './pages/schedule/schedule-data'

// The one route table. Loaders and actions are small and live in the entry chunk, so a page's data and its
// component chunk download in parallel; each page component is its own lazy chunk. Every route has its own
// error boundary (the tab bar stays), and `handle` carries the tracker's flags, the title and, on every page
// outside the tab bar, `back`: the parent the header's back button opens when no page of the app is behind.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      {
        index: true,
        loader: homeLoader,
        lazy: { Component: async () => (await import('./pages/home/home-page')).HomePage },
        errorElement: <RouteError />,
        handle: meta('title.home'),
      },
      {
        path: 'schedule',
        loader: scheduleLoader,
        lazy: { Component: async () => (await import('./pages/schedule/schedule-page')).SchedulePage },
        errorElement: <RouteError />,
        handle: meta('title.schedule'),
      },
      {
        path: 'classes/:id',
        loader: classLoader,
        action: bookAction,
        lazy: { Component: async () => (await import('./pages/class/class-page')).ClassPage },
        errorElement: <RouteError />,
        handle: meta('title.class', { back: '/schedule' }),
      },
      {
        path: 'bookings',
        loader: bookingsLoader,
        action: cancelAction,
        lazy: { Component: async () => (await import('./pages/bookings/bookings-page')).BookingsPage },
        errorElement: <RouteError />,
        handle: meta('title.bookings'),
      },
      {
        path: 'cards',
        loader: cardsLoader,
        lazy: { Component: async () => (await import('./pages/cards/cards-page')).CardsPage },
        errorElement: <RouteError />,
        handle: meta('title.cards', { back: '/me' }),
      },
      {
        path: 'me',
        loader: meLoader,
        action: signOutAction,
        lazy: { Component: async () => (await import('./pages/me/me-page')).MePage },
        errorElement: <RouteError />,
        handle: meta('title.me'),
      },
      {
        path: 'login',
        loader: loginLoader,
        action: loginAction,
        lazy: { Component: async () => (await import('./pages/login/login-page')).LoginPage },
        errorElement: <RouteError />,
        handle: meta('title.login', { back: '/' }),
      },
      {
        path: 'marketing/article',
        loader: articleLoader,
        lazy: { Component: async () => (await import('./pages/article/article-page')).ArticlePage },
        errorElement: <RouteError />,
        // The page sends its own trace mark with the article id once it is loaded.
        handle: meta('title.article', { autoReport: false, back: '/' }),
      },
      {
        path: '*',
        lazy: { Component: async () => (await import('./pages/not-found/not-found-page')).NotFoundPage },
        errorElement: <RouteError />,
        handle: meta('title.notFound', { back: '/' }),
      },
    ],
  },
]
