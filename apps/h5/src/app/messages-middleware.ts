import type { MiddlewareFunction } from 'react-router'
import { servicesContext } from './services'

/**
 * The pages route's middleware: before any page but home renders, the current language's catalogue is complete
 * (the second part of the Chinese one is a chunk of its own, kept out of the first screen's JavaScript). It is
 * fetched alongside the page's loaders, not before them; home renders with the entry's part alone.
 *
 * @example
 * { id: 'pages', middleware: [messagesMiddleware], children: [...] }
 */
export const messagesMiddleware: MiddlewareFunction = async ({ context, request }, next) => {
  if (new URL(request.url).pathname === '/') return next()
  await Promise.all([context.get(servicesContext).i18n.loadAll(), next()])
  return undefined
}
