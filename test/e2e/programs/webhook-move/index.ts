// End-to-end test program (test/e2e/webhook-move.test.ts): a webhook made by hand with headers and
// query parameters, adopted by a program that leaves both out; `url` comes from config so a run can move it.
import * as pulumi from "@pulumi/pulumi";
import { StackWebhook } from "pulumi-pipestack";

const config = new pulumi.Config();

const hook = new StackWebhook("moved-hook", {
  name: "made-by-hand",
  url: config.require("url"),
  adoptId: config.require("hookId"),
});

export const hookId = hook.id;
