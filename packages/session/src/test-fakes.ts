// Fakes for the unit tests (not exported by the package). The storage fakes are shared: @xdance/testkit.
export { FullStorage, MemoryStorage, RefusingStorage } from '@xdance/testkit'

/** A document whose `cookie` reads as `header` and records every assignment. */
export function fakeDocument(header = ''): { cookie: string; writes: string[] } {
  const writes: string[] = []
  return {
    writes,
    get cookie() {
      return header
    },
    set cookie(line: string) {
      writes.push(line)
    },
  }
}

/** A document like a sandboxed frame's: touching `cookie` throws SecurityError. */
export function refusingDocument(): { cookie: string } {
  return {
    get cookie(): string {
      throw new DOMException('Sandboxed', 'SecurityError')
    },
    set cookie(_line: string) {
      throw new DOMException('Sandboxed', 'SecurityError')
    },
  }
}
