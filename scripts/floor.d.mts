/** The browserslist query of the floor (the root package.json's `browserslist`). */
export declare const FLOOR: readonly string[]
/** The floor as esbuild targets, e.g. `['chrome87', 'ios15', 'safari15']`. */
export declare function esbuildTargets(query?: readonly string[]): string[]
