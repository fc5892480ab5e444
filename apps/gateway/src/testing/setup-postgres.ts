import { afterAll, afterEach } from 'vitest'
import { dropClosedTestDatabases } from './test-database'

// On PostgreSQL each test has a database of its own (test-database.ts): dropped here once its test closed it.
afterEach(() => dropClosedTestDatabases())
afterAll(() => dropClosedTestDatabases())
