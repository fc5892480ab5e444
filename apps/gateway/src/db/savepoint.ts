/**
 * Runs `work` inside an open transaction as savepoint `depth` (SQLite and PostgreSQL spell it alike): released when
 * it returns, rolled back to when it throws, leaving the outer transaction's own work as it was.
 */
export function savepoint<T>(
  connection: { exec(sql: string): void },
  depth: number,
  work: () => T,
  enter: () => void,
  leave: () => void,
): T {
  const name = `nested_${depth}`
  connection.exec(`SAVEPOINT ${name}`)
  enter()
  try {
    const result = work()
    connection.exec(`RELEASE ${name}`)
    return result
  } catch (error) {
    connection.exec(`ROLLBACK TO ${name}; RELEASE ${name}`)
    throw error
  } finally {
    leave()
  }
}
