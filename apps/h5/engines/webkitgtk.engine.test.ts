// WebKitGTK 2.50 (Debian's webkit2gtk-driver, its MiniBrowser on an Xvfb display): current WebKit, the control.
import { engineSuite } from './support/engine-suite'
import { startWebDriver } from './support/webdriver'
import { startXvfb } from './support/xvfb'

engineSuite({
  name: 'webkitgtk-2.50',
  needs: { file: '/usr/bin/WebKitWebDriver', apt: 'webkit2gtk-driver xvfb' },
  start: async () => {
    const xvfb = await startXvfb()
    return startWebDriver(
      ['/usr/bin/WebKitWebDriver'],
      {
        'webkitgtk:browserOptions': {
          binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
          args: ['--automation'],
        },
      },
      { env: { ...process.env, DISPLAY: xvfb.display }, alongside: [xvfb.group] },
    ).catch(async (error: unknown) => {
      await xvfb.group.stop()
      throw error
    })
  },
})
