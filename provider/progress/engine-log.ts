import { createRequire } from "node:module";
import type * as Grpc from "@grpc/grpc-js";
import type * as EngineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EngineProto from "@pulumi/pulumi/proto/engine_pb";
import { setProgressSink, type ProgressSink } from "./report";

/**
 * Progress to the engine's log. The engine starts every provider (the SDK's dynamic-provider
 * host and our native plugin alike) with its own address as the last argument; its `Log` service
 * shows an info line on the resource's row (on the stack's when the URN is unknown, as in the
 * dynamic host, which does not pass it on) and in `--non-interactive` output as it comes.
 */

/** The engine's address among a provider host's arguments: the last `host:port`. Pure. */
export function engineAddress(args: readonly string[]): string | undefined {
  return [...args].reverse().find((a) => /^(localhost|[\d.]+|\[[\da-f:]+\]):\d{1,5}$/i.test(a));
}

/** The gRPC library and the engine's stubs a sink talks through. */
export interface EngineLogModules {
  grpc: typeof Grpc;
  rpc: typeof EngineGrpc;
  proto: typeof EngineProto;
}

/**
 * The SDK's own gRPC and protobuf modules, where the SDK keeps them: in a dynamic-provider host the
 * program's SDK is a peer. (The native plugin passes the modules it was built with: its single
 * executable has no SDK folder to look in.)
 */
function sdkModules(): EngineLogModules {
  const sdk = createRequire(require.resolve("@pulumi/pulumi/package.json"));
  return {
    grpc: sdk("@grpc/grpc-js") as typeof Grpc,
    rpc: sdk("./proto/engine_grpc_pb") as typeof EngineGrpc,
    proto: sdk("./proto/engine_pb") as typeof EngineProto,
  };
}

/** A sink that sends each report to the engine at `address` as an info or warning line. */
export function engineLogSink(address: string, modules: () => EngineLogModules = sdkModules): ProgressSink {
  const { grpc, rpc, proto } = modules();
  const client = new rpc.EngineClient(address, grpc.credentials.createInsecure());
  return (message, urn, severity) => {
    const level = severity === "warning" ? proto.LogSeverity.WARNING : proto.LogSeverity.INFO;
    const req = new proto.LogRequest().setSeverity(level).setMessage(message).setUrn(urn).setEphemeral(false);
    client.log(req, () => undefined);
  };
}

let started = false;

/** Sends progress to the engine's log from now on, once per process; `args` are the host's (after node and the script). */
export function startEngineLog(args: readonly string[], modules: () => EngineLogModules = sdkModules): void {
  if (started) return;
  const address = engineAddress(args);
  if (!address) return;
  started = true;
  try {
    setProgressSink(engineLogSink(address, modules));
  } catch {
    // No SDK modules to reach the engine with: waits stay silent, as before.
  }
}
