// Preloaded into every Node.js process of a profiled bench run (NODE_OPTIONS=--require ...;
// `--cpu-prof` itself is not allowed in NODE_OPTIONS): in the dynamic-provider process only, it
// records a V8 CPU profile from the start and writes it into PIPESTACK_BENCH_PROFILE_DIR when the
// process ends, however the engine ends it (exit or signal).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const dir = process.env.PIPESTACK_BENCH_PROFILE_DIR;
if (dir && (process.argv[1] ?? "").includes("cmd/dynamic-provider")) {
  const inspector = require("node:inspector");
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `provider-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      write();
      process.exit(0);
    });
  }
}
