"""A Python program on the native provider's generated Python SDK, run through the `pulumi` Python
package's Automation API as an inline program: the program runs in this process and the CLI
connects to it, so no Python language host is needed. test/e2e/python-automation.test.ts runs one
step per call, checking the emulator's store between steps:

    automation.py up [--debug] | preview | import (<type> <name> <id>)... | destroy

Where: PIPESTACK_E2E_WORK_DIR (the project folder), and the usual PULUMI_HOME,
PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE and PATH (the `pulumi` CLI). The stack config comes
from PIPESTACK_E2E_CONFIG (`{"key": {"value": "...", "secret": true}}`), set before each step.
Every engine event is appended to PIPESTACK_E2E_EVENTS as a JSON line. The CLI's output goes to
stderr; the step's result is the last stdout line, `RESULT <json>`, secret outputs masked.
"""

import json
import os
import sys
from enum import Enum

import pulumi
import pulumi_pipestack as pipestack
from pulumi import automation as auto


def kafka_pipe(resource: str, name: str, topics: str, table: str, password, **extra) -> pipestack.Pipe:
    """A Kafka pipe of one String column into a managed table."""
    return pipestack.Pipe(
        resource,
        name=name,
        source=pipestack.PipeSourceArgs(
            kafka=pipestack.PipeSourceKafkaArgs(
                format="JSONEachRow",
                brokers="broker-1.example.test:9092",
                topics=topics,
                authentication="PLAIN",
                credentials=pipestack.PipeSourceKafkaCredentialsArgs(username="ingest", password=password),
            )
        ),
        destination=pipestack.PipeDestinationArgs(
            database="default",
            table=table,
            managed_table=True,
            columns=[pipestack.PipeDestinationColumnArgs(name="id", type="String")],
        ),
        field_mappings=[pipestack.PipeFieldMappingArgs(source_field="id", destination_field="id")],
        **extra,
    )


def program() -> None:
    """A pipe with a secret credential, a saved search on a data source the provider's function lists (under a provider resource of its own), and their ids."""
    config = pulumi.Config()
    sources = pipestack.get_stack_sources()
    if not sources.items:
        raise ValueError("the stack lists no data source")
    events = kafka_pipe(
        "events",
        "python-events",
        "events",
        "python_events",
        config.require_secret("kafkaPassword"),
        scaling=pipestack.PipeScalingArgs(replicas=config.get_int("replicas") or 1),
    )
    # A provider resource of the program's own, its secrets and integer settings as the SDK sends them.
    settings = pulumi.Config("pipestack")
    explicit = pipestack.Provider(
        "explicit",
        api_url=settings.require("apiUrl"),
        key_id=settings.require("keyId"),
        key_secret=settings.require_secret("keySecret"),
        organization_id=settings.require("organizationId"),
        service_id=settings.require("serviceId"),
        stack_url=settings.require("stackUrl"),
        stack_token=settings.require_secret("stackToken"),
        poll_interval_ms=20,
        max_retries=2,
    )
    search = pipestack.StackSavedSearch(
        "errors",
        name="python-errors",
        source_id=sources.items[0].id,
        where=config.get("where") or "level:error",
        tags=["python"],
        opts=pulumi.ResourceOptions(provider=explicit),
    )
    # Objects made outside Pulumi, adopted by the `import` resource option when their ids are set:
    # the Automation API's `import_resources` runs `pulumi import`, which needs the Python
    # language host even with an inline program; this path needs none.
    outside_pipe = config.get("importPipeId")
    if outside_pipe:
        kafka_pipe(
            "outsidePipe",
            "made-outside",
            "outside",
            "outside",
            config.require_secret("outsidePassword"),
            opts=pulumi.ResourceOptions(import_=outside_pipe),
        )
    outside_search = config.get("importSearchId")
    if outside_search:
        pipestack.StackSavedSearch(
            "outsideSearch",
            name="outside-search",
            source_id=sources.items[0].id,
            where="level:warn",
            opts=pulumi.ResourceOptions(import_=outside_search),
        )
    pulumi.export("pipeId", events.id)
    pulumi.export("pipeState", events.state)
    pulumi.export("searchId", search.id)
    pulumi.export("sources", [s.name for s in sources.items])


def echo(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def as_json(value):
    """An engine event as JSON: its attributes, recursively."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    return {k: as_json(v) for k, v in vars(value).items()}


def main(args: list) -> dict:
    if not args:
        raise SystemExit("usage: automation.py up [--debug] | preview | import (<type> <name> <id>)... | destroy")
    stack = auto.create_or_select_stack(
        "dev",
        project_name="pipestack-python-automation",
        program=program,
        opts=auto.LocalWorkspaceOptions(work_dir=os.environ["PIPESTACK_E2E_WORK_DIR"]),
    )
    config = json.loads(os.environ["PIPESTACK_E2E_CONFIG"])
    stack.set_all_config({k: auto.ConfigValue(value=v["value"], secret=v["secret"]) for k, v in config.items()})
    log = open(os.environ["PIPESTACK_E2E_EVENTS"], "a", encoding="utf-8")

    def on_event(event) -> None:
        log.write(json.dumps(as_json(event)) + "\n")

    step = args[0]
    try:
        if step == "up":
            res = stack.up(on_output=echo, on_event=on_event, debug=args[1:] == ["--debug"])
            outputs = {k: "[secret]" if v.secret else v.value for k, v in res.outputs.items()}
            return {"outputs": outputs, "summary": res.summary.resource_changes}
        if step == "preview":
            # `pulumi preview --json`, through the Automation API: its steps and their detailed diffs.
            res = stack.preview(json=True, on_output=echo, on_event=on_event)
            return {"summary": res.change_summary, "steps": json.loads(res.stdout).get("steps", [])}
        if step == "import" and len(args) > 1 and len(args) % 3 == 1:
            triples = [args[i : i + 3] for i in range(1, len(args), 3)]
            res = stack.import_resources(
                resources=[{"type": t, "name": n, "id": i} for t, n, i in triples],
                protect=False,
                # Code generation needs the Python language host, which an inline program does without.
                generate_code=False,
                on_output=echo,
            )
            return {"summary": res.summary.resource_changes}
        if step == "destroy":
            res = stack.destroy(on_output=echo, on_event=on_event)
            return {"summary": res.summary.resource_changes}
        raise SystemExit(f"unknown step {' '.join(args)!r}")
    finally:
        log.close()


if __name__ == "__main__":
    print("RESULT " + json.dumps(main(sys.argv[1:])), flush=True)
