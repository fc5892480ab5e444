// Storage fakes for unit tests that run outside a browser, handed to @xdance/session's configureBrowser.

/** A working Storage backed by a Map (`items` is open so a test can look inside). */
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
