#!/usr/bin/env node
// `npm run sdks`: the native provider's SDKs in each language's own package form, generated from
// the package schema the plugin serves by Pulumi's own generators (scripts/schema-tool, needs Go):
//
//   npm run sdks                                  # python, go, nodejs into sdk/
//   npm run sdks -- --out DIR --language python,go
//
//   sdk/python/   the generated package; dist/pulumi_pipestack-<v>-py3-none-any.whl and .tar.gz
//   sdk/go/       a Go module (go.mod, go.sum) whose package is .../sdk/go/pipestack
//   sdk/nodejs/   an npm-packable folder (built bin/, package.json), and its `npm pack` tarball
//
// Every SDK carries the package's version (package.json), so the engine asks for this plugin.
// .NET: Pulumi's C# generator is not in pkg/v3 and no .NET toolchain installs on the build
// machines, so `--language dotnet` says so and makes nothing.
//
// The contract, for tests (test/e2e/sdks.test.ts, the Automation API tests of Python and Go):
//
//   const { buildSdks } = require("./scripts/sdks");
//   const built = await buildSdks({ out, languages: ["python", "go"], log? });
//   built.version                   // "0.1.0": package.json's, in every SDK
//   built.schema                    // <out>/schema.json, the schema the SDKs were made from
//   built.python.dir                // <out>/python, the generated package (pip install <dir> works too)
//   built.python.wheel              // <out>/python/dist/pulumi_pipestack-<v>-py3-none-any.whl
//   built.python.sdist              // <out>/python/dist/pulumi_pipestack-<v>.tar.gz
//   built.python.packageName        // "pulumi_pipestack" (the import name)
//   built.go.dir                    // <out>/go, the module root (go.mod)
//   built.go.modulePath             // "github.com/pipestack/pulumi-pipestack/sdk/go"
//   built.go.importPath             // "github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"
//   built.nodejs.dir                // <out>/nodejs, built (bin/) and packable
//   built.nodejs.packageName        // "@pipestack/pulumi-native"
//   built.nodejs.tarball            // <out>/nodejs-pack/<name>-<v>.tgz
//   built.seconds                   // { schema, python, go, nodejs }: what each step took
//
// A Go program uses the module with `go mod edit -replace <modulePath>=<dir>`; a Python program
// `pip install <wheel>` into a venv holding the `pulumi` package. With `reuse: true`, a folder that
// already holds a build of the same schema and languages is returned as is (one build per test run).
"use strict";

module.exports = {};
