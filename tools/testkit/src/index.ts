export { bundleForBrowser } from './bundle'
export { ANDROID, chromiumPath, IPHONE, launchChromium } from './chromium'
export type { Route, TestServer } from './server'
export { startServer } from './server'
