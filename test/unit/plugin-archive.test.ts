import { describe, expect, it } from "vitest";
import { archiveName, downloadUrlProblem } from "../../provider/plugin-pack/archive";

describe("the plugin tarball's name, as `pulumi plugin install --server` asks for it", () => {
  it.each([
    ["linux", "x64", "pulumi-resource-pipestack-v1.2.3-linux-amd64.tar.gz"],
    ["linux", "arm64", "pulumi-resource-pipestack-v1.2.3-linux-arm64.tar.gz"],
    ["darwin", "arm64", "pulumi-resource-pipestack-v1.2.3-darwin-arm64.tar.gz"],
    ["win32", "x64", "pulumi-resource-pipestack-v1.2.3-windows-amd64.tar.gz"],
  ] as const)("%s %s", (platform, arch, name) => {
    expect(archiveName("1.2.3", platform, arch)).toBe(name);
  });
});

describe("--download-url", () => {
  it.each([
    ["https://plugins.example.test/pipestack/", undefined],
    ["http://127.0.0.1:8080/", undefined],
    ["plugins.example.test", /is not a URL/],
    ["ftp://plugins.example.test/", /must be http\(s\):\/\/, not ftp:/],
    ["https://user:pw@plugins.example.test/", /must not carry credentials/],
  ] as const)("%s", (url, problem) => {
    const found = downloadUrlProblem(url);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});
