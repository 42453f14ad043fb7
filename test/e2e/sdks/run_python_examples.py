"""Runs the Python examples of the package schema's descriptions on the installed SDK under
`pulumi.runtime.set_mocks` (Pulumi's unit-test mechanism), for test/e2e/sdks.test.ts: reads
`[{"resource": ..., "code": ..., "config": [...]}]` on stdin and prints, as JSON, the type tokens
each example registered (an example the SDK refuses fails with its error)."""
import json
import sys

import pulumi
from pulumi.runtime import config as runtime_config


class Recorder(pulumi.runtime.Mocks):
    def __init__(self):
        self.types = []

    def new_resource(self, args):
        self.types.append(args.typ)
        return [args.name + "-id", args.inputs]

    def call(self, args):
        return {}


examples = json.load(sys.stdin)
out = {}
for example in examples:
    mocks = Recorder()
    pulumi.runtime.set_mocks(mocks, project="project", stack="stack", preview=False)
    runtime_config.set_all_config({f"project:{name}": f"{name}-value" for name in example["config"]})

    @pulumi.runtime.test
    def run():
        exec(compile(example["code"], f"<example of {example['resource']}>", "exec"), {"__name__": "__main__"})
        return pulumi.Output.from_input(None)

    run()
    out[example["resource"]] = mocks.types
print(json.dumps(out))
