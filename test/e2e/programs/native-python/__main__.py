"""A pipe, a reverse private endpoint under a provider of its own, a dashboard and a function, in Python."""

import pulumi
import pulumi_pipestack as pipestack

config = pulumi.Config()
settings = pulumi.Config("pipestack")

# The stack server's data sources, through the plugin.
sources = pipestack.get_stack_sources()
log_source = next(s.id for s in sources.items if s.kind == "log")

events = pipestack.Pipe(
    "events",
    name=config.get("pipeName") or "python-events",
    source=pipestack.PipeSourceArgs(
        kafka=pipestack.PipeSourceKafkaArgs(
            # A config value can name a format outside the enum: native-python.test.ts checks the refusal.
            format=config.get("format") or "JSONEachRow",
            brokers="broker-1.example.test:9092",
            topics="events",
            authentication="PLAIN",
            credentials=pipestack.PipeSourceKafkaCredentialsArgs(username="ingest", password=config.require_secret("kafkaPassword")),
        )
    ),
    destination=pipestack.PipeDestinationArgs(
        database="default",
        table="python_events",
        managed_table=True,
        columns=[pipestack.PipeDestinationColumnArgs(name="id", type="String")],
    ),
    field_mappings=[pipestack.PipeFieldMappingArgs(source_field="id", destination_field="id")],
    scaling=pipestack.PipeScalingArgs(replicas=config.get_int("replicas") or 1),
)

# A provider resource of its own: its integer setting travels JSON-encoded, as the SDK sends it.
explicit = pipestack.Provider(
    "explicit",
    api_url=settings.require("apiUrl"),
    key_id=settings.require("keyId"),
    key_secret=settings.require_secret("keySecret"),
    organization_id=settings.require("organizationId"),
    service_id=settings.require("serviceId"),
    poll_interval_ms=20,
    max_retries=2,
)
brokers = pipestack.ReversePrivateEndpoint(
    "brokers",
    description="python brokers",
    type="VPC_ENDPOINT_SERVICE",
    vpc_endpoint_service_name="com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
    opts=pulumi.ResourceOptions(provider=explicit),
)

board = pipestack.StackDashboard(
    "board",
    name="python-board",
    tags=["python"],
    tiles=[
        pipestack.StackDashboardTileArgs(
            name="Errors",
            x=0,
            y=0,
            w=12,
            h=4,
            series=[pipestack.StackDashboardTileSeriesArgs(type="time", source_id=log_source, agg_fn="count", where="level:error")],
        ),
        # The config form as plain dicts with snake_case keys, as a Python user writes them: the SDK
        # sends the schema's camelCase names (test/e2e/native-python.test.ts compares the request
        # with the one the TypeScript face sends for the same tiles).
        {
            "name": "Error rate",
            "x": 12,
            "y": 0,
            "w": 12,
            "h": 4,
            "config": {
                "display_type": "line",
                "source_id": log_source,
                "select": [{"agg_fn": "count", "where": "level:error", "alias": "errors"}],
                "group_by": "service",
                "fit_y_axis_to_data": True,
            },
        },
        {
            "name": "Recent errors",
            "x": 0,
            "y": 4,
            "w": 24,
            "h": 6,
            "config": {"display_type": "search", "source_id": log_source, "select_text": "timestamp, body", "where": "level:error"},
        },
    ],
)

pulumi.export("sources", [s.name for s in sources.items])
pulumi.export("pipeId", events.id)
pulumi.export("pipeState", events.state)
pulumi.export("endpointId", brokers.id)
pulumi.export("endpointStatus", brokers.status)
pulumi.export("boardId", board.id)
