/**
 * Two stacks racing for one name, through the real CLI on the dynamic face, for every kind whose
 * server keeps a name unique (the rows are held to the registry's engines): both `up`s at once;
 * the loser is told to wait and run again, offered no adoption or import, records nothing, and its
 * `destroy` leaves the winner's object (./name-race.ts, which the native face's races share).
 * Issue 33, item 2.
 */
import { storedPipes, storedStack } from "../support/stored";
import { describeNameRaces } from "./name-race";
import { dynamicTypeToken } from "../../provider/resource-class/type-tokens";

describeNameRaces(
  { title: "", token: dynamicTypeToken },
  {
    Pipe: { stack: { program: "test/e2e/programs/two-stacks" }, stored: (e) => storedPipes(e) },
    // A program on the open-source stack server, a current one (webhooks need API 2.36).
    StackWebhook: {
      stack: { program: "test/e2e/programs/race-webhook", stackServer: true, emulator: { stackApiVersion: "2.36.0" } },
      stored: (e) => storedStack(e, "server").webhooks,
    },
  },
);
