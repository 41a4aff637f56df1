// Preloaded into each Prism process (node --import) by openapi-proxy.ts: Prism exits as soon as the
// test process that started it is gone, even when that process was killed without running its exit
// handlers (a test worker torn down by vitest), so no proxy outlives its run.
const parent = process.ppid
setInterval(() => {
  try {
    process.kill(parent, 0)
  } catch {
    process.exit(0)
  }
  if (process.ppid !== parent) process.exit(0)
}, 250).unref()
