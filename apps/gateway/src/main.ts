import { runCli } from './start-up/cli'

// The command line: `node dist/main.js` (what `pnpm --filter @xdance/gateway start` runs).
void runCli({
  env: process.env,
  cwd: process.cwd(),
  onSignal: (signal, handler) => process.on(signal, handler),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  exit: (code) => process.exit(code),
})
