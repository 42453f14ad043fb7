// An observability stack stood up from nothing (current servers, API 2.36 and later): the
// connection to the database, a log source on it, a saved search and a dashboard tile on that
// source, an alert on the search, and the webhook it notifies. Nothing is made by hand first, so
// the same program builds a staging stack, a second team's, or a rebuild after a loss.
//
// Target: the stack of your cloud service by default (the cloud API's `/stack` proxy), or an
// open-source stack server:
//
//   pulumi config set pipestack:stackUrl https://stack.example.com
//   pulumi config set --secret pipestack:stackToken <access key>
//
// The database's password is a secret: encrypted in state, only its fingerprint in the outputs,
// never answered by the server. Rotating it is one in-place update of the connection alone:
//
//   pulumi config set --secret dbPassword <password>
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackConnection, StackDashboard, StackSavedSearch, StackSource, StackWebhook } from "pulumi-pipestack";

const config = new pulumi.Config();

const db = new StackConnection("analytics-db", {
  host: config.get("dbHost") ?? "https://db.example.com:8443",
  username: config.get("dbUser") ?? "stack_reader",
  password: config.requireSecret("dbPassword"),
});

const logs = new StackSource("logs", {
  kind: "log",
  connectionId: db.id,
  from: { databaseName: "otel", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
  serviceNameExpression: "ServiceName",
  severityTextExpression: "SeverityText",
  bodyExpression: "Body",
});

const errors = new StackSavedSearch("checkout-errors", {
  sourceId: logs.id,
  where: "ServiceName:checkout SeverityText:error",
  select: "Timestamp, Body",
});

new StackDashboard("checkout", {
  tiles: [
    {
      name: "Errors",
      x: 0,
      y: 0,
      w: 12,
      h: 4,
      config: { displayType: "line", sourceId: logs.id, select: [{ aggFn: "count", where: "SeverityText:error" }], groupBy: "ServiceName" },
    },
  ],
});

const onCall = new StackWebhook("checkout-hook", { url: config.get("webhookUrl") ?? "https://hooks.example.com/checkout" });

new StackAlert("checkout-error-burst", {
  source: "saved_search",
  savedSearchId: errors.id,
  threshold: 5,
  thresholdType: "above",
  interval: "5m",
  channels: [{ type: "webhook", webhookId: onCall.id }],
});

export const connectionId = db.id;
export const sourceId = logs.id;
export const passwordFingerprint = db.password;
