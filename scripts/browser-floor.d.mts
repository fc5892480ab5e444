/** Parses browserslist queries of the form `NAME >= VERSION`. */
export function parseFloor(queries: readonly string[]): { name: string; version: string }[]
/** Maps browserslist queries to esbuild targets, e.g. ['chrome87', 'safari15', 'ios15']. */
export function esbuildTargets(queries: readonly string[]): string[]
/** The root package.json's `browserslist` queries. */
export function readFloor(packageJsonUrl?: URL): string[]
/** The esbuild targets of the floor, read from the root package.json. */
export function floorTargets(): string[]
