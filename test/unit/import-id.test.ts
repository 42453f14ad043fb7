import { describe, expect, it } from "vitest";
import { importIdForms, importTarget } from "../../provider/native/import-id";

const T = "pipestack:index:Pipe";
const FORMS = "<pipeId>, <serviceId>:<pipeId> or <organizationId>:<serviceId>:<pipeId>";

describe("the id forms pulumi import takes", () => {
  it.each([
    ["p-1", { id: "p-1", pins: {} }],
    ["svc-1:p-1", { id: "p-1", pins: { serviceId: "svc-1" } }],
    ["org_1:svc-1:p-1", { id: "p-1", pins: { organizationId: "org_1", serviceId: "svc-1" } }],
  ])("%s", (id, target) => {
    expect(importTarget(T, "Pipe", true, id)).toEqual(target);
  });

  it.each([
    ["a:b:c:p-1", true, "it has 4 parts"],
    ["svc:", true, "the object's id is empty"],
    ["../x:p-1", true, 'serviceId "../x" must be an id'],
    ["%2e%2e:svc:p-1", true, 'organizationId "%2e%2e" must be an id'],
    [":p-1", true, 'serviceId "" must be an id'],
    ["svc:p-1", false, "it has 2 parts"],
  ])("refuses %s, naming the forms", (id, scoped, why) => {
    const forms = scoped ? FORMS : "<pipeId>";
    expect(() => importTarget(T, "Pipe", scoped, id)).toThrow(`cannot import ${T} from id ${JSON.stringify(id)}: ${why}`);
    expect(() => importTarget(T, "Pipe", scoped, id)).toThrow(`the id forms \`pulumi import\` takes: ${forms}`);
  });

  it("names the resource's own id", () => {
    expect(importIdForms("StackDashboard", true)).toBe("<stackDashboardId>, <serviceId>:<stackDashboardId> or <organizationId>:<serviceId>:<stackDashboardId>");
  });
});
