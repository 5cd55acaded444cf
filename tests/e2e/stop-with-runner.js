// Preloaded into each end-to-end server (`node --import`, playwright.config.ts): the server ends
// when the Playwright run that started it ends, however it ends. Playwright starts each server in
// a process group of its own with a pipe on its stdin and stops the group when the run finishes,
// but a runner that is killed (CI stopping `.ci/run`, a closed terminal) never does, and the
// servers kept their ports: the next run failed at once with "http://localhost:3310/ is already
// used". The runner's end closes the pipe, whatever ended it, and that is what ends the server.
process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.stdin.resume()
