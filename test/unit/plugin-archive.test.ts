import { describe, expect, it } from "vitest";
import { archiveName, downloadUrlProblem } from "../../provider/plugin-pack/archive";
import { installCommand } from "../../provider/plugin-pack/install-command";

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
    ["http://localhost:8080/", undefined],
    ["http://[::1]:8080/", undefined],
    ["http://plugins.example.test/pipestack/", /is plain http: .* anything on the network path could replace that code/],
    ["http://10.0.0.5/", /is plain http/],
    ["http://127.0.0.1.example.test/", /is plain http/],
    ["plugins.example.test", /is not a URL/],
    ["ftp://plugins.example.test/", /must be https:\/\/ \(or http:\/\/ on loopback\), not ftp:/],
    ["https://user:pw@plugins.example.test/", /must not carry credentials/],
  ] as const)("%s", (url, problem) => {
    const found = downloadUrlProblem(url);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});

describe("--download-url http: with the flag that names the risk", () => {
  it("is taken", () => {
    expect(downloadUrlProblem("http://plugins.example.test/", true)).toBeUndefined();
    expect(downloadUrlProblem("http://plugins.example.test/")).toMatch(/--allow-plain-http-anyone-on-the-path-can-replace-the-plugin/);
  });
});

describe("the install command the packer prints", () => {
  it.each([
    ["/tmp/out/p.tar.gz", "pulumi plugin install resource pipestack 1.2.3 -f /tmp/out/p.tar.gz"],
    ["/tmp/my plugins/p.tar.gz", "pulumi plugin install resource pipestack 1.2.3 -f '/tmp/my plugins/p.tar.gz'"],
    ["/tmp/it's/p.tar.gz", `pulumi plugin install resource pipestack 1.2.3 -f '/tmp/it'"'"'s/p.tar.gz'`],
  ])("%s: by its absolute path, quoted for a shell", (tarball, command) => {
    expect(installCommand("1.2.3", tarball)).toBe(command);
  });
});
