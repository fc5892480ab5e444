import { type ProcessGroup, spawnGroup } from './processes'

/** A virtual X display of its own (Xvfb), for the engines that need one (WebKitGTK, Qt WebEngine). */
export interface Display {
  /** The value of DISPLAY, e.g. ':99'. */
  display: string
  group: ProcessGroup
}

/**
 * Starts Xvfb on the first free display number (`-displayfd`: Xvfb picks it and says it once it accepts
 * connections), in a process group of its own. Local connections only (`-nolisten tcp`), no authority file.
 */
export async function startXvfb(timeoutMs = 30_000): Promise<Display> {
  const group = spawnGroup(
    '/usr/bin/Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  )
  const fd3 = group.child.stdio[3]
  try {
    const number = await new Promise<string>((resolve, reject) => {
      let text = ''
      const timer = setTimeout(
        () => reject(new Error(`Xvfb gave no display within ${timeoutMs} ms: ${group.stderr()}`)),
        timeoutMs,
      )
      fd3?.on('data', (chunk) => {
        text += String(chunk)
        if (text.includes('\n')) {
          clearTimeout(timer)
          resolve(text.trim())
        }
      })
      group.child.on('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Xvfb exited ${code}: ${group.stderr()}`))
      })
    })
    return { display: `:${number}`, group }
  } catch (error) {
    await group.stop()
    throw error
  }
}
