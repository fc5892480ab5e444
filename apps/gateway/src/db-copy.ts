import { runCopyCommand } from './start-up/copy-command'

// The command line of `pnpm --filter @xdance/gateway db:copy --from <sqlite file> --to <postgres url>`.
process.exit(
  runCopyCommand({
    args: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  }),
)
