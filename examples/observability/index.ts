// A dashboard of the observability stack and an alert on one of its tiles; on a current stack
// server, also a saved search and an alert on it, and the webhook both alerts are sent to.
//
// Target: the stack of your cloud service by default (through the cloud API's `/stack` proxy,
// with the same pipestack:apiUrl/keyId/keySecret/organizationId/serviceId settings as pipes).
// To use an open-source stack server instead:
//
//   pulumi config set pipestack:stackUrl https://stack.example.com
//   pulumi config set --secret pipestack:stackToken <access key>
//
// Moving between targets creates the dashboard, alerts and webhook on the new one and deletes the old.
//
// The webhook's token travels in a header, kept secret in state (the server never returns it):
//
//   pulumi config set webhookUrl https://hooks.example.com/checkout
//   pulumi config set --secret webhookToken <token>
//
// The program looks up the log source before it declares anything, so a stack without one fails
// the program with nothing created.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, StackSavedSearch, StackWebhook, getStackSources, type StackTileArgs } from "pulumi-pipestack";

const config = new pulumi.Config();
const errorFilter = config.get("errorFilter") ?? "level:error service:checkout";
const firstGeneration = config.getBoolean("firstGenerationServer") ?? false;

/**
 * The alert channel: a webhook this program makes (current servers). A first-generation server
 * (API 2.0.0) has no webhooks to make: give the id of the one it sends to.
 */
function alertWebhook(): pulumi.Input<string> {
  if (firstGeneration) return config.require("webhookId");
  const token = config.getSecret("webhookToken");
  return new StackWebhook("on-call", {
    name: config.get("webhookName") ?? "checkout-on-call",
    url: config.get("webhookUrl") ?? "https://hooks.example.com/checkout",
    description: "Checkout alerts",
    headers: token?.apply((t) => ({ Authorization: `Bearer ${t}` })),
  }).id;
}

export = async () => {
  const sources = await getStackSources();
  // Tiles and saved searches name the source they query by id: the stack's log source here.
  const logs = sources.find((s) => s.kind === "log")?.id;
  if (logs === undefined) throw new Error("the stack has no log source");
  const onCall = alertWebhook();

  // Current stack servers take tiles in the `config` form, as their own JSON has them: builder
  // tiles of every display type (line, stacked_bar, table, number, pie, bar, heatmap, search,
  // markdown, event_patterns) and raw SQL tiles. Only line, stacked_bar and number tiles can
  // carry alerts.
  const currentTiles: StackTileArgs[] = [
    {
      name: "Errors",
      x: 0,
      y: 0,
      w: 12,
      h: 4,
      config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: errorFilter, alias: "errors" }], groupBy: "ServiceName" },
    },
    {
      name: "Latency p95",
      x: 12,
      y: 0,
      w: 6,
      h: 4,
      config: {
        displayType: "number",
        sourceId: logs,
        select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }],
        numberFormat: { output: "number", mantissa: 1 },
      },
    },
    {
      name: "Errors by service",
      x: 18,
      y: 0,
      w: 6,
      h: 4,
      config: { displayType: "pie", sourceId: logs, select: [{ aggFn: "count", where: "level:error" }], groupBy: "ServiceName" },
    },
    {
      name: "Slowest routes",
      x: 0,
      y: 4,
      w: 18,
      h: 6,
      config: {
        displayType: "table",
        sourceId: logs,
        select: [{ aggFn: "avg", valueExpression: "Duration", alias: "avg duration" }, { aggFn: "count" }],
        groupBy: "SpanName",
        orderBy: "avg(Duration) DESC",
      },
    },
    {
      name: "Runbook",
      x: 18,
      y: 4,
      w: 6,
      h: 6,
      config: { displayType: "markdown", markdown: "Errors above the line page the checkout team: see the runbook." },
    },
  ];

  // A stack server of the first generation (API 2.0.0) knows only the series form, with
  // `dataSource`: set `firstGenerationServer: true` for one. (A series with both `dataSource` and
  // `sourceId` works on either generation.)
  const firstGenerationTiles: StackTileArgs[] = [
    { name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: errorFilter }] },
    { name: "Latency", x: 12, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "avg", field: "duration", where: "service:checkout" }] },
  ];

  const board = new StackDashboard("checkout", {
    name: config.get("dashboardName") ?? "Checkout",
    tiles: firstGeneration ? firstGenerationTiles : currentTiles,
    tags: ["checkout"],
  });

  // An alert names its tile by name, resolved to the tile's id when applied (a tile keeps its id
  // when the dashboard is updated), so a preview of a dashboard change shows the alert unchanged.
  // `tileId: board.tileIds["Errors"]` works too.
  const errors = new StackAlert("checkout-errors", {
    name: "Checkout errors",
    source: "tile",
    dashboardId: board.id,
    tile: "Errors",
    threshold: config.getNumber("errorThreshold") ?? 10,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: onCall },
    message: "More than the usual errors at checkout in the last 5 minutes",
  });

  // Saved searches, like webhooks, exist on current servers only (API 2.36 and later).
  let burst: StackAlert | undefined;
  if (!firstGeneration) {
    const errorSearch = new StackSavedSearch("checkout-error-search", {
      name: "Checkout errors",
      sourceId: logs,
      where: errorFilter,
      select: "Timestamp, ServiceName, Body",
      orderBy: "Timestamp DESC",
      tags: ["checkout"],
    });

    burst = new StackAlert("checkout-error-burst", {
      name: "Checkout error burst",
      source: "saved_search",
      savedSearchId: errorSearch.id,
      groupBy: "ServiceName",
      thresholdType: "between",
      threshold: 5,
      thresholdMax: 50,
      interval: "15m",
      numConsecutiveWindows: 2,
      channels: [{ type: "webhook", webhookId: onCall }],
      note: "Runbook: checkout/errors",
    });
  }

  return {
    target: new pulumi.Config("pipestack").get("stackUrl") ? "open-source stack server" : "cloud service stack",
    dashboardId: board.id,
    tileIds: board.tileIds,
    alertId: errors.id,
    alertState: errors.state,
    searchAlertId: burst?.id,
    sources: sources.map((s) => `${s.name} (${s.kind})`),
  };
};
