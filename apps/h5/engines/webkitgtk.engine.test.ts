// WebKitGTK 2.50 (Debian's webkit2gtk-driver, MiniBrowser under Xvfb): current WebKit, the control.
import { engineSuite } from './support/engine-suite'
import { startWebDriver } from './support/webdriver'

engineSuite({
  name: 'webkitgtk-2.50',
  needs: { file: '/usr/bin/WebKitWebDriver', apt: 'webkit2gtk-driver xvfb' },
  start: () =>
    startWebDriver(['xvfb-run', '-a', '/usr/bin/WebKitWebDriver'], {
      'webkitgtk:browserOptions': { args: ['--automation'] },
    }),
})
