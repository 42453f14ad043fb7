// End-to-end test program (test/e2e/name-race.test.ts): one webhook whose name two stacks create
// at once. The stack server keeps a webhook's service and name unique: one stack gets it.
import { StackWebhook } from "pulumi-pipestack";

const hook = new StackWebhook("hook", { name: "race-hook", url: "https://hooks.example.com/race" });

export const hookId = hook.id;
