import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiV2, cloud } from "../support/raw-api";
import { kafkaPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

const dir = mkdtempSync(path.join(tmpdir(), "emulator-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("state file", () => {
  it("saves every change and loads it on the next start", async () => {
    const stateFile = path.join(dir, "state.json");
    const first = await startTestEmulator({ stateFile, stackApiVersion: "2.0.0" });
    const pipe = (await cloud(first).call("POST", "/pipes", kafkaPipe("persisted"))).json.result;
    const dashboard = (await apiV2(first).call("POST", "/dashboards", { name: "persisted" })).json.data;
    await first.close();
    expect(JSON.parse(readFileSync(stateFile, "utf8")).version).toBe(1);

    const second = await startTestEmulator({ stateFile, stackApiVersion: "2.0.0" });
    try {
      const read = await cloud(second).call("GET", `/pipes/${pipe.id}`);
      expect(read.status).toBe(200);
      expect(read.json.result.name).toBe("persisted");
      expect((await apiV2(second).call("GET", `/dashboards/${dashboard.id}`)).json.data.name).toBe("persisted");
      const conflict = await cloud(second).call("POST", "/pipes", kafkaPipe("persisted"));
      expect(conflict.status).toBe(409);
    } finally {
      await second.close();
    }
  });

  it("refuses a file that is not an emulator state file", async () => {
    const stateFile = path.join(dir, "bad.json");
    writeFileSync(stateFile, JSON.stringify({ hello: "world" }));
    await expect(startTestEmulator({ stateFile })).rejects.toThrow("not an emulator state file");
  });
});
