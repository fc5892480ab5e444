/** What a journey needs from an engine: run a script in the page, load a URL, take a screenshot, quit. */
export interface EngineDriver {
  /** The engine's name and version as it reports them (WebDriver capabilities, or Qt's user agent). */
  version: string
  /** Runs `body` (a function body that `return`s a JSON value) in the page and returns that value. */
  execute<T = unknown>(body: string): Promise<T>
  /** Loads `url` (a full page load). */
  load(url: string): Promise<void>
  /** Saves a PNG of the viewport to `file`. */
  screenshot(file: string): Promise<void>
  /** Ends the engine and every process it started (bounded: SIGKILL after a grace period). */
  quit(): Promise<void>
}
