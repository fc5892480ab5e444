// What the tracker reads and writes of the session (identifiers, the last reported path), imported in this one
// module as one namespace: the built file then names each function where it is used instead of once in the import
// and again at the use (bundlers still drop the rest of the session package: the accesses are static).
export * as session from '@xdance/session'
