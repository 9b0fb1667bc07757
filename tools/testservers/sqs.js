#!/usr/bin/env node
// Starts local-aws-sqs (a library without a command) for Go tests; see
// internal/testservers/sqs.go. Usage: node sqs.js --host 127.0.0.1 --port N
"use strict";
const { createSqsServer } = require("local-aws-sqs");

function flag(name, fallback) {
  const i = process.argv.indexOf("--" + name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const hostname = flag("host", "127.0.0.1");
const port = Number(flag("port", "0"));

createSqsServer({
  hostname,
  port,
  // Tests create and delete queues quickly; AWS's 60-second wait would fail them.
  emulateQueueCreationLifecycle: false,
})
  .then(() => console.log(`local-aws-sqs listening at http://${hostname}:${port}`))
  .catch((err) => {
    console.error("local-aws-sqs failed to start:", err);
    process.exit(1);
  });

for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => process.exit(0));
