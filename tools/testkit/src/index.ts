export { launchChromium, chromiumPath, IPHONE, ANDROID } from './chromium'
export { startServer } from './server'
export type { Route, TestServer } from './server'
export { bundleForBrowser } from './bundle'
