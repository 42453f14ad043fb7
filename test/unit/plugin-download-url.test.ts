import { describe, expect, it } from "vitest";
import { DOWNLOAD_URL_ENV, pluginDownloadUrl, releaseLocation } from "../../provider/native/download-url";
import { REPOSITORY } from "../../provider/native/docs-url";

const REPO = "https://code.example.test/team/pulumi-pipestack";

describe("the release location of a version", () => {
  it.each([
    [REPO, "1.2.3", `${REPO}/releases/download/v1.2.3/`],
    [`${REPO}/`, "0.1.0", `${REPO}/releases/download/v0.1.0/`],
  ])("%s at %s", (repository, version, url) => {
    expect(releaseLocation(repository, version)).toBe(url);
  });
});

describe("the schema's pluginDownloadURL", () => {
  const mirror = "http://127.0.0.1:8080/plugins/";
  const packed = "https://plugins.example.test/pipestack/";
  it.each([
    ["the release location by default", {}, undefined, `${REPO}/releases/download/v1.2.3/`],
    ["the packed one over the release location", {}, packed, packed],
    ["the environment's over both", { [DOWNLOAD_URL_ENV]: mirror }, packed, mirror],
    ["an empty variable is no override", { [DOWNLOAD_URL_ENV]: "" }, undefined, `${REPO}/releases/download/v1.2.3/`],
  ] as const)("%s", (_, env, packedUrl, url) => {
    expect(pluginDownloadUrl({ env, packed: packedUrl, repository: REPO, version: "1.2.3" })).toBe(url);
  });

  it.each([
    ["plugins.example.test", /PIPESTACK_PLUGIN_DOWNLOAD_URL "plugins.example.test" is not a URL/],
    ["ftp://plugins.example.test/", /PIPESTACK_PLUGIN_DOWNLOAD_URL must be https:\/\/ \(or http:\/\/ on loopback\), not ftp:/],
    ["https://u:p@plugins.example.test/", /PIPESTACK_PLUGIN_DOWNLOAD_URL must not carry credentials/],
  ])("refuses the override %s, naming the variable", (value, message) => {
    expect(() => pluginDownloadUrl({ env: { [DOWNLOAD_URL_ENV]: value }, repository: REPO, version: "1.2.3" })).toThrow(message);
  });

  it("is derived from the schema's repository", () => {
    expect(pluginDownloadUrl({ env: {}, repository: REPOSITORY, version: "0.1.0" })).toBe(`${REPOSITORY}/releases/download/v0.1.0/`);
  });
});
