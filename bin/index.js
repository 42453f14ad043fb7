// The entry point of this folder as a Pulumi plugin project (PulumiPlugin.yaml, runtime nodejs):
// `pulumi package add <this folder>` has the Node.js language host require the folder, which
// starts the same provider as the `pulumi-resource-pipestack` launcher beside it.
"use strict";
require("./pulumi-resource-pipestack");
