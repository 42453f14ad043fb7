/**
 * Two stacks racing for one name on the native face (the plugin, under a TypeScript program for
 * the pipe and a YAML one for the webhook), for every kind whose server keeps a name unique (the
 * rows are held to the registry's engines): both `up`s at once; the loser is told to wait and run
 * again, offered no adoption or import, records nothing, and its `destroy` leaves the winner's
 * object (./name-race.ts, which the dynamic face's races share). Issue 33, item 2.
 */
import { yamlHost } from "./yaml-host";
import { storedPipes, storedStack } from "../support/stored";
import { describeNameRaces } from "./name-race";
import { nativeTypeToken } from "../../provider/resource-class/type-tokens";

const PASSWORD = "native-two-stacks-kafka-pw-81d2";
const TOKEN = "native-hook-token-41b7e2";

describeNameRaces(
  { title: "native provider, ", token: nativeTypeToken },
  {
    Pipe: {
      stack: { program: "test/e2e/programs/native-pipe", secretConfig: { kafkaPassword: PASSWORD } },
      stored: (e) => storedPipes(e),
    },
    StackWebhook: {
      stack: {
        program: "test/e2e/programs/native-webhook",
        stackServer: true,
        emulator: { stackApiVersion: "2.36.0" },
        secrets: [TOKEN],
        config: { hookName: "race-hook" },
      },
      hosts: async () => [await yamlHost()],
      stored: (e) => storedStack(e, "server").webhooks,
    },
  },
);
