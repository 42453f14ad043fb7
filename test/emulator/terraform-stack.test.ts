/**
 * `--from-terraform-state` with the peer provider's stack objects: the emulator starts holding
 * the state's dashboards (their tiles with the ids the server gave them, so alerts on them keep
 * their tile), alerts, saved searches, webhooks, connections and sources with the state's ids, in
 * the default service's stack, each made as a create request would make it (a body the server would
 * refuse stops the start, naming it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rawJson, type Surface } from "../support/raw-api";
import { startTestEmulator } from "../support/emulator";
import { control } from "../support/control-api";
import { stackCollectionOf } from "../../emulator/terraform-stack";

const dir = mkdtempSync(path.join(tmpdir(), "emulator-tf-stack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURE = path.resolve(__dirname, "..", "unit", "fixtures", "terraform-stack-state.json");
type Attrs = Record<string, unknown>;
type State = { resources: { type: string; name: string; instances: { attributes: Attrs }[] }[] };
const fixture = (): State => JSON.parse(readFileSync(FIXTURE, "utf8")) as State;
/** The fixture's object named `name` (its resource name, one instance each). */
const attrsOf = (state: State, name: string): Attrs => state.resources.find((r) => r.name === name)!.instances[0].attributes;

function write(name: string, state: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(state));
  return file;
}

describe("an emulator started from a Terraform state holding stack objects", () => {
  it("knows each stack object by its attributes, and no pipe as one", () => {
    const state = fixture();
    const kinds = state.resources.map((r) => stackCollectionOf(r.instances[0].attributes as never));
    expect(kinds).toEqual([undefined, "connections", "sources", "webhooks", "savedSearches", "dashboards", "alerts"]);
  });

  it("answers each by the state's id in the default service's stack, tiles with the server's ids, and leaves the stack server's as it was", async () => {
    const state = fixture();
    const emulator = await startTestEmulator({ stackApiVersion: "2.36.0", fromTerraformState: write("state.json", state) });
    try {
      const board = attrsOf(state, "overview");
      const normalized = JSON.parse(String(board.normalized_json)) as { tiles: { id: string }[] };
      for (const surface of ["stack-cloud"] as Surface[]) {
        const get = (p: string) => rawJson(emulator, surface, "GET", p);
        const dashboard = await get(`/dashboards/${String(board.id)}`);
        expect(dashboard.name).toBe("overview");
        expect(dashboard.tiles.map((t: { id: string }) => t.id)).toEqual(normalized.tiles.map((t) => t.id));
        const alert = await get(`/alerts/${String(attrsOf(state, "too_many_errors").id)}`);
        expect(alert).toMatchObject({
          source: "saved_search",
          savedSearchId: attrsOf(state, "errors").id,
          channel: { type: "webhook", webhookId: attrsOf(state, "pager").id },
        });
        expect(await get(`/saved-searches/${String(attrsOf(state, "errors").id)}`)).toMatchObject({
          name: "errors",
          sourceId: attrsOf(state, "app_logs").id,
          filters: [],
        });
        const hooks = (await get("/webhooks")) as { id: string; name: string }[];
        expect(hooks.find((h) => h.id === attrsOf(state, "pager").id)?.name).toBe("pager");
        const source = await get(`/sources/${String(attrsOf(state, "app_logs").id)}`);
        expect(source).toMatchObject({ kind: "log", connection: attrsOf(state, "warehouse").id, from: { databaseName: "otel", tableName: "app_logs" } });
        const connection = await get(`/connections/${String(attrsOf(state, "warehouse").id)}`);
        expect(connection).toMatchObject({ name: "warehouse", host: "https://db.example.test:8443", username: "reader" });
        expect(JSON.stringify(connection)).not.toContain(String(attrsOf(state, "warehouse").password));
      }
      expect((await rawJson(emulator, "stack-server", "GET", "/dashboards")) as unknown[]).toEqual([]);
    } finally {
      await emulator.close();
    }
  });

  it("keeps the connection's password as the state holds it, for the server to use, and never answers it", async () => {
    const state = fixture();
    const emulator = await startTestEmulator({ stackApiVersion: "2.36.0", fromTerraformState: write("password.json", state) });
    try {
      const conn = attrsOf(state, "warehouse");
      const matches = async (password: unknown) =>
        (await control(emulator, "POST", `/connections/${String(conn.id)}/password`, { password })).json.matches as boolean;
      expect(await matches(conn.password)).toBe(true);
      expect(await matches("another")).toBe(false);
      expect(JSON.stringify(await rawJson(emulator, "stack-cloud", "GET", `/connections/${String(conn.id)}`))).not.toContain(String(conn.password));
    } finally {
      await emulator.close();
    }
  });

  it("refuses a stack object the server would refuse, naming it, and one of another team", async () => {
    const state = fixture();
    attrsOf(state, "too_many_errors").interval = "7m";
    await expect(startTestEmulator({ stackApiVersion: "2.36.0", fromTerraformState: write("bad.json", state) })).rejects.toThrow(
      /\.too_many_errors": not one of the stack's alerts the server would take: 400 .*interval/,
    );
    const teamed = fixture();
    attrsOf(teamed, "pager").team = "65f0c0ffeecafef00dba5e01";
    await expect(startTestEmulator({ stackApiVersion: "2.36.0", fromTerraformState: write("team.json", teamed) })).rejects.toThrow(/pager.*is in team/);
  });
});
