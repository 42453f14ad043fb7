// The example policy pack's webhook policy, end to end (test/e2e/policy-pack-webhook.test.ts).
// Compliant by default; config breaks it: `webhookUrl` an http URL, `unsecret` a transform that
// takes the headers out of the secret outputs.
import * as pulumi from "@pulumi/pulumi";
import { StackWebhook } from "pulumi-pipestack";

const config = new pulumi.Config();
const unsecret: pulumi.ResourceTransform = (args) => ({ props: args.props, opts: { ...args.opts, additionalSecretOutputs: [] } });

new StackWebhook(
  "pager",
  {
    url: config.get("webhookUrl") ?? "https://hooks.example.com/pager",
    headers: { Authorization: config.requireSecret("webhookToken").apply((t) => `Bearer ${t}`) },
  },
  config.getBoolean("unsecret") ? { transforms: [unsecret] } : {},
);
