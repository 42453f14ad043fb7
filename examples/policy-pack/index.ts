// An example policy pack for pulumi-pipestack resources. Run it with a program:
//   pulumi preview --policy-pack examples/policy-pack
// The checks are pure functions in rules.ts; this file says which resources they apply to.
import { PolicyPack, validateResourceOfType } from "@pulumi/policy";
import { Pipe, StackAlert, StackDashboard, StackWebhook } from "pulumi-pipestack";
import { alertTileViolations, credentialViolations, DEFAULT_BUDGET, scalingViolations, webhookViolations, type ScalingBudget } from "./rules";

new PolicyPack("pipestack-guardrails", {
  policies: [
    {
      name: "pipe-credentials-secret",
      description: "Pipe credentials are stored as Pulumi secrets, never in the readable source.",
      enforcementLevel: "mandatory",
      validateResource: validateResourceOfType(Pipe, (pipe, args, reportViolation) => {
        for (const v of credentialViolations(pipe, args.opts.additionalSecretOutputs)) reportViolation(v);
      }),
    },
    {
      name: "pipe-scaling-budget",
      description: "A pipe's replicas, CPU and memory stay within a budget.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: {
          maxReplicas: { type: "integer", default: DEFAULT_BUDGET.maxReplicas },
          maxTotalCpuMillicores: { type: "integer", default: DEFAULT_BUDGET.maxTotalCpuMillicores },
          maxTotalMemoryGb: { type: "number", default: DEFAULT_BUDGET.maxTotalMemoryGb },
        },
      },
      validateResource: validateResourceOfType(Pipe, (pipe, args, reportViolation) => {
        for (const v of scalingViolations(pipe.scaling, args.getConfig<ScalingBudget>())) reportViolation(v);
      }),
    },
    {
      name: "webhooks-https-and-secret",
      description: "Webhooks post over https, and their headers and query parameters are stored as Pulumi secrets.",
      enforcementLevel: "mandatory",
      validateResource: validateResourceOfType(StackWebhook, (hook, args, reportViolation) => {
        for (const v of webhookViolations(hook, args.opts.additionalSecretOutputs)) reportViolation(v);
      }),
    },
    {
      name: "alerts-on-alertable-tiles",
      description: "Tile alerts watch line or number tiles: a dashboard update deletes alerts on any other tile.",
      enforcementLevel: "mandatory",
      validateStack: (args, reportViolation) => {
        const alerts = args.resources.filter((r) => r.isType(StackAlert));
        const dashboards = args.resources.filter((r) => r.isType(StackDashboard));
        for (const v of alertTileViolations(alerts, dashboards)) {
          reportViolation(v.message, alerts.find((a) => a.name === v.alert)?.urn);
        }
      },
    },
  ],
});
