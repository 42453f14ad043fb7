#!/usr/bin/env node
/**
 * `pipestack-emulator`: runs the emulator until SIGINT or SIGTERM. Prints its settings and
 * then `listening on http://127.0.0.1:PORT`, the line scripts wait for.
 */
import { describeSettings, parseCliArgs, USAGE, type CliArgs } from "./cli-args";
import { startEmulator } from "./index";
import { resolveOptions } from "./options";

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(process.argv.slice(2));
    resolveOptions(args.options);
  } catch (error) {
    process.stderr.write(`pipestack-emulator: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  const emulator = await startEmulator(args.options);
  process.stdout.write(`${describeSettings(emulator.options, args.secretsGiven).join("\n")}\n`);
  process.stdout.write(`listening on ${emulator.url}\n`);
  const stop = (signal: string): void => {
    process.stdout.write(`${signal}: stopping\n`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`pipestack-emulator: ${(error as Error).message}\n`);
  process.exit(1);
});
