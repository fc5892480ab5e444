import { createMemoryRouter } from 'react-router'
import { routerContext } from './app/router-context'
import { createRoutes } from './routes'
import { testServices } from './testing/services'

// The services reach loaders, actions and middleware through the router context: a test hands its own.
export async function visit(path: string): Promise<string> {
  const services = testServices({ mode: 'web' })
  const router = createMemoryRouter(createRoutes(), {
    initialEntries: [path],
    getContext: () => routerContext(services),
  })
  await new Promise<void>((done) => {
    if (router.state.initialized) done()
    else router.subscribe((state) => state.initialized && done())
  })
  const { pathname, search } = router.state.location
  router.dispose()
  return `${pathname}${search}`
}

// The signed-in layout's middleware sends a signed-out visitor to sign in, and back after:
// await visit('/bookings?tab=past') === '/login?redirect=%2Fbookings%3Ftab%3Dpast'
