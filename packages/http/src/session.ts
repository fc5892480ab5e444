// What the client reads and writes of the session (cookies, mode, organisation, the unauthorised window), imported in
// this one module as one namespace: the built file then names each function once, where it is used, instead of once
// in the import and again at the use (consumers' bundlers still drop what is not used: the accesses are static).
export * as session from '@xdance/session'
