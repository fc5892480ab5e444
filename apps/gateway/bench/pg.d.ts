// The part of pg's API the booking bench uses (the gateway does not depend on @types/pg).
declare module 'pg' {
  interface QueryResult {
    rows: Record<string, unknown>[]
  }
  class Client {
    constructor(options: { connectionString: string })
    connect(): Promise<void>
    query(sql: string, params?: unknown[]): Promise<QueryResult>
    end(): Promise<void>
  }
  const pg: { Client: typeof Client }
  export default pg
}
