import { type RenderResult, render } from '@testing-library/react'
import { TrackerProvider } from '@xdance/tracker/react'
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router'
import { AppProvider } from '../app/app-context'
import { routerContext } from '../app/router-context'
import type { Services } from '../app/services'
import { createRoutes } from '../routes'

/**
 * Renders the app's real route table in a memory router at `path`, the services handed over as `main.tsx` does
 * (router context for loaders and actions, React context for components).
 *
 * @example
 * const { router } = renderApp('/classes/7', testServices({ answers }))
 * await screen.findByRole('heading', { name: 'Jazz' })
 */
export function renderApp(path: string, services: Services): RenderResult & { router: DataRouter } {
  const router = createMemoryRouter(createRoutes(), {
    initialEntries: [path],
    getContext: () => routerContext(services),
  })
  const { mode, toasts, i18n } = services
  const view = render(
    <AppProvider value={{ mode, toasts, i18n }}>
      <TrackerProvider tracker={services.tracker}>
        <RouterProvider router={router} />
      </TrackerProvider>
    </AppProvider>,
  )
  return { ...view, router }
}
