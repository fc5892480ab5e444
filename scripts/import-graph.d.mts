/** Each file of the scanned tree and the files of the same tree it imports (paths relative to the root). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>
/** The relative imports of every `.ts`/`.tsx` file under `root`, resolved to files of the tree. */
export function importGraph(root: string, options?: { withTests?: boolean }): ImportGraph
/** Every import cycle of the graph, each as the files around it (the first repeated at the end), or none. */
export function importCycles(graph: ImportGraph): string[][]
