// Fakes for the unit tests (not exported by the package).

/** A working Storage backed by a Map. */
export class MemoryStorage implements Storage {
  readonly items = new Map<string, string>()
  get length(): number {
    return this.items.size
  }
  clear(): void {
    this.items.clear()
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value))
  }
}

/** Safari private mode and a full quota: reads work, every write throws QuotaExceededError. */
export class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}

/** Storage with cookies disabled or in a sandboxed frame: every call throws SecurityError. */
export class RefusingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
  override setItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
  override removeItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
}

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
