/**
 * Every intended difference between the emulator and the reference OpenAPI description
 * (`spec/cloud-api.openapi.json`), with the reason for each. This is the one list: the
 * README points here, a test ties each read-back quirk to an entry, and the fuzz stage
 * checks responses against the reference with each entry's `describe` applied.
 */
import type { JsonObject } from "./http/body";
import type { Quirks } from "./options";
import { loosen } from "./cloud/openapi";

/** Where the emulator's behaviour comes from when the reference does not say it. */
export type DeviationSource =
  /** The contract (`shared/seed`), which wins over everything else. */
  | "contract"
  /** The behaviour notes of the live API. */
  | "notes"
  /** A choice of the emulator's own, for tests against it. */
  | "emulator";

/** Edits of a copy of the reference that describe what the emulator answers. */
export interface SpecEditor {
  /** The schema as responses use it (a copy apart from the request side's), for editing. */
  responseSchema(name: string): JsonObject;
  /** Replaces every response-side schema by what `edit` makes of it. */
  mapResponseSchemas(edit: (schema: JsonObject) => JsonObject): void;
  /** Adds an error answer (the envelope of the reference's 400) to every operation. */
  addErrorStatus(status: number, description: string): void;
}

/** One intended deviation. */
export interface Deviation {
  /** What the emulator does that the reference does not describe. */
  what: string;
  /** Why. */
  reason: string;
  source: DeviationSource;
  /** The read-back quirk that switches it off, when it is one. */
  quirk?: keyof Quirks;
  /** How the reference changes to describe it, for checks of responses against it. */
  describe?: (spec: SpecEditor) => void;
}

/** Makes a response property also accept `extra` (`anyOf`). */
function alsoAccept(schema: JsonObject, property: string, extra: JsonObject): void {
  const properties = schema.properties as Record<string, JsonObject>;
  const current = properties[property];
  if (current === undefined) throw new Error(`no property ${property} to widen`);
  properties[property] = { anyOf: [current, extra] };
}

/** The list. Keys are stable names, used in test titles and the README. */
export const DEVIATIONS = {
  schemaLoosened: {
    what: "The reference's schemas are read with `oneOf` as `anyOf`, every schema with properties typed as an object, and a bare `$ref` property also accepting null: request bodies are validated that way, and responses follow it.",
    reason:
      "As published the schemas declare neither `type: object` nor `required`, so overlapping `oneOf` branches refuse bodies the live API accepts, and `null` for an absent source kind or offset matches two branches at once (see cloud/openapi.ts).",
    source: "notes",
    describe: (spec) => spec.mapResponseSchemas((schema) => loosen(schema) as JsonObject),
  },
  nullOptionals: {
    what: "Optional fields that were not sent read back as null (described by `schemaLoosened` for object-valued ones; the rest are nullable in the reference).",
    reason: 'Notes, "Values the API sends back differently": optional fields may come back as null or be absent.',
    source: "notes",
    quirk: "nullOptionals",
  },
  scalingQuantities: {
    what: 'Scaling `replicaCpuMillicores` and `replicaMemoryGb` read back as quantity strings (`"500m"`, `"2Gi"`, `"512Mi"`).',
    reason: "Notes: they may come back as quantity strings or numbers; clients must accept both.",
    source: "notes",
    quirk: "scalingQuantities",
    describe: (spec) => {
      alsoAccept(spec.responseSchema("PipeScaling"), "replicaCpuMillicores", { type: "string", pattern: "^[0-9]+m$" });
      alsoAccept(spec.responseSchema("PipeScaling"), "replicaMemoryGb", { type: "string", pattern: "^[0-9]+(Gi|Mi)$" });
    },
  },
  scalingGapAfterPatch: {
    what: "The first read of a pipe after PATCH /scaling lacks cpu and memory.",
    reason: "Notes: right after a scaling change they may read 0 or be absent.",
    source: "notes",
    quirk: "scalingGapAfterPatch",
  },
  defaultScaling: {
    what: "Streaming pipes created without scaling read back with the default scaling.",
    reason: "Notes: values the API fills in; a client must not see a change it did not make.",
    source: "notes",
    quirk: "defaultScaling",
  },
  defaultConsumerGroup: {
    what: "A kafka `consumerGroup` not sent reads back as `pipes-<id>`.",
    reason: "Notes: a value the API fills in.",
    source: "notes",
    quirk: "defaultConsumerGroup",
  },
  engineParens: {
    what: "Table engine `type` reads back with parentheses (`MergeTree()`), outside the reference's enum.",
    reason: "Notes: table engines may come back with parentheses.",
    source: "notes",
    quirk: "engineParens",
    describe: (spec) => alsoAccept(spec.responseSchema("PipeDestinationTableEngine"), "type", { type: "string", pattern: "\\(\\)$" }),
  },
  emptySettings: {
    what: "Settings not sent read back as `{}`.",
    reason: "Notes: optional objects may come back empty; empty ones are refused on create.",
    source: "notes",
    quirk: "emptySettings",
  },
  stateReason: {
    what: "A Failed (or InternalError) pipe carries `stateReason`, a string the reference's Pipe schema lacks.",
    reason: "A failure a user cannot explain is a support ticket; the provider shows it in its error.",
    source: "emulator",
    describe: (spec) => {
      (spec.responseSchema("Pipe").properties as JsonObject).stateReason = { type: ["string", "null"] };
    },
  },
  failByName: {
    what: "Pipes named `fail-*` end Failed on purpose.",
    reason: "Tests get a failing pipe without a request field the reference does not have.",
    source: "emulator",
  },
  errorStatuses: {
    what: "Answers 401, 404, 409, 413 and 424 (and 429, 502, 503, 504 when faults are injected); the reference lists only 200, 400 and 500.",
    reason: 'Notes, "Envelope and errors", "Rate limits, transient failures, idle services"; the contract\'s error envelope.',
    source: "notes",
    describe: (spec) => {
      const statuses: Array<[number, string]> = [
        [401, "missing or wrong API key"],
        [404, "no such organization, pipe or endpoint"],
        [409, "name, consumer group or table already taken"],
        [413, "body too large"],
        [424, "service not running"],
        [429, "rate limited (injected)"],
        [502, "bad gateway (injected)"],
        [503, "unavailable (injected)"],
      ];
      for (const [status, description] of statuses) spec.addErrorStatus(status, description);
    },
  },
  unknownKeysRefused: {
    what: "Unknown keys are refused with 400 `path: unknown field` (top level, the source kind's object, destination, scaling, settings, endpoint create); the reference does not forbid extra properties.",
    reason: "A misspelled key would otherwise be stored or dropped without a word, and a test against the emulator would pass a client bug.",
    source: "emulator",
  },
  newerSourceKinds: {
    what: "The source kinds the reference has beyond the contract (pubsub, mysql, mongodb, bigquery) are served from the reference's schemas alone: pubsub runs like a streaming pipe (it takes scaling, as the reference's \"streaming pipes\" wording says), mysql, mongodb and bigquery like the database kind (paused mapping edits, resync), bigquery always snapshot-only with no PATCH form.",
    reason: "The contract covers kafka, object storage, kinesis and postgres only; the behaviour notes say nothing of the others.",
    source: "emulator",
  },
  rulesBeyondSchema: {
    what: "Rules the schema leaves open are enforced: exactly one source kind, mappings covering every column, the notes' bounds, fields fixed at creation, empty scaling or settings refused, table-mapping edits only while paused, conflicts (409) on name, consumer group and table.",
    reason: 'Contract and notes ("What can change in place", "Bounds and rules").',
    source: "notes",
  },
  describedLimits: {
    what: "Limits the reference states only in descriptions are enforced: endpoint `description` at most 255 characters; the fields each endpoint `type` requires; custom private DNS names exact or with a leading wildcard, unique across the service, refused for `MSK_MULTI_VPC`.",
    reason: "The reference's own words; the live API applies them.",
    source: "notes",
  },
  endpointDeleteSteps: {
    what: "A deleted reverse private endpoint reads `Deleting` for one lifecycle step (`stepMs`), then answers 404.",
    reason: "The reference's endpoint statuses include `Deleting`; clients must wait for the 404, as they do for pipes.",
    source: "emulator",
  },
  bodyIdRefused: {
    what: "A top-level `id` in a request body is refused with 400.",
    reason: "The gateway refuses it; ids come from the path.",
    source: "notes",
  },
  stackAuthBeforeBody: {
    what: "The stack surfaces check the bearer token (or Basic credentials) before reading the body: a malformed JSON body with a wrong token is 401 here, where the open-source server (which parses every body first) answers 400 `Invalid JSON payload`.",
    reason: "Credential tests must not depend on the body; with a right token both answer the same 400.",
    source: "emulator",
  },
  stackSeededObjects: {
    what: "Every emulated stack starts with one connection, a log, a trace, a metric and a session source on it (shaped as the server answers its own default sources, cross-links included; the session table is named `sessions`), and a generic webhook named `on-call`, their ids derived from the stack's seed (`server`, or the service id) so they are the same on every start.",
    reason:
      "A real server starts with what its operator set up; tests and the README's examples need sources and a webhook to name, and a fresh emulator must not make a preview show a change on every tile.",
    source: "emulator",
  },
  stackSavedSearchFilterDates: {
    what: "Saved-search filters are checked by the server's sidebar rule without its date-value unwrapping, which changes no verdict.",
    reason: "The unwrapping only changes how a date value is read, never whether a filter is taken.",
    source: "emulator",
  },
  stackTeamOfOne: {
    what: "The team starts with one member, the key's user (the one `isCurrentUser`, who cannot remove itself); an invitation becomes a member only through the control API (`POST /__emulator/invitations/{id}/accept`, as the invitee's sign-up would); invite URLs point at `http://localhost:8080/join-team`; the refusal of an invitation to an existing member's email names no product (`User already exists. Please contact the stack team for support`); the cloud proxy serves the members and invitations routes too, as the same user.",
    reason:
      "The real server keeps users in its database and turns an invitation into a member when the invitee signs up in its web app, which the emulator does not serve; its message names its product, which this package's names never do; what the proxy answers for the team is not known, so it answers as the server behind it.",
    source: "emulator",
  },
  stackNoRateLimit: {
    what: "`/api/v2` is not rate limited unless faults are injected (the real server allows 100 requests a minute per key, then 429 with `RateLimit-Reset` and `Retry-After: 60`).",
    reason: "Suites make more requests than that; 429s are scripted or injected when a test wants them.",
    source: "notes",
  },
  stackKeyRoutesServerOnly: {
    what: "`GET /api/v2` (the key's user: `{version: \"v2\", user}`, not under `data`) and `GET /api/v2/team` are served on the open-source surface only; the cloud proxy answers them with its HTML 404. The user and the team are the emulator's one user (its access key is the stack token, echoed as the server echoes it) and one team (`Emulator`).",
    reason:
      "They describe the access key, which the cloud proxy does not use (it takes cloud keys), and what the proxy answers for them is not known. The real server keeps users and teams in its database; the emulator has one of each.",
    source: "emulator",
  },
  stackValidateNormalized: {
    what: "`POST /dashboards/validate` answers `normalized` as the emulator's own dashboard schema parses the body, and `errors` with the emulator's wording of each schema problem; through the cloud proxy the verdict is the envelope's `result`.",
    reason:
      "The emulator's dashboard schema follows the server's create schema field by field, defaults included, but is not the server's code: a problem it words differently shows here as it does in a create's 400.",
    source: "emulator",
  },
  stackBodyLimit: {
    what: "A stack request body of any content type over 1 MiB is refused with 413; the open-source server reads only JSON and text bodies (up to 32 MB) and ignores bodies of other types.",
    reason: "One body limit for every surface keeps the emulator bounded; no client sends bodies that large.",
    source: "emulator",
  },
  stackWebhookUrlHosts: {
    what: "A webhook's URL is checked as the stack server checks it (http or https; no `localhost` name and no literal private, loopback, link-local, shared, multicast, documentation or reserved address; the chat service's URLs on its own domain), without the server's two configured parts: it also refuses the host and port of its own database connections, and an operator's host allow-list lets listed names and addresses through.",
    reason:
      "The emulator has no database connections to protect and no operator to allow a host; without an allow-list it answers as a server configured by default does, so a loopback receiver cannot be a webhook here either.",
    source: "emulator",
  },
  stackProxyWebhooks: {
    what: "The cloud proxy serves the webhook routes (list, create, PUT, DELETE; saved searches likewise) as the open-source server answers them, in the proxy's envelope: the same three service kinds, checks, messages and write-only `headers` / `queryParams`.",
    reason:
      "The cloud reference and its notes list only dashboards, alerts and sources under `/stack`. The cloud provider's public API documentation (2026) lists webhook list, create, update and delete through its proxy, with more service kinds than the open-source server's three, but not their answers, so the emulator answers as the server behind the proxy.",
    source: "emulator",
  },
  htmlNoRoute: {
    what: "Unknown routes answer a non-JSON 404 page: the cloud gateway's HTML page; on `/api/v2`, the open-source server's `<pre>Cannot GET /api/v2/...</pre>` page (content type, `Content-Security-Policy`, `X-Content-Type-Options` and body as measured; other headers of the real server, such as its rate-limit ones, are not copied).",
    reason:
      "Notes: a 404 whose body is not JSON means no such route, not a deleted resource; the stack notes' measurement of a real server (API 2.36.0) gives its page. The current server's missing dashboard stays a plain-text `Not Found`, so clients must tell a missing object from a missing route by listing the collection.",
    source: "notes",
  },
} satisfies Record<string, Deviation>;

/** Stable name of one deviation. */
export type DeviationName = keyof typeof DEVIATIONS;
