/**
 * `pulumi-resource-pipestack`: the native provider plugin. Started by the Pulumi engine (through
 * the launcher bin/pulumi-resource-pipestack, or as the single executable scripts/release builds
 * from this file), it serves the gRPC contract on a free local port
 * and prints that port on stdout, as every plugin does.
 */
import * as grpc from "@grpc/grpc-js";
import * as rpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/engine_pb";
import { startWatchdog } from "../engine/watchdog";
import { startServer } from "./server";
import { startEngineLog } from "../progress/engine-log";

// Long waits report their progress to the engine whose address the engine passed us, through the
// gRPC library the server uses (the single executable has no SDK folder to look them up in).
startEngineLog(process.argv.slice(2), () => ({ grpc, rpc, proto }));

// The engine starts the plugin in a process group of its own: when the engine goes away (a
// `kill -9` of the CLI's group), the plugin must stop too, before any further request.
startWatchdog(true);

startServer().then(
  ({ port }) => {
    // A string: Node would colourise a number.
    process.stdout.write(`${String(port)}\n`);
  },
  (err: unknown) => {
    console.error(`pulumi-resource-pipestack: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
