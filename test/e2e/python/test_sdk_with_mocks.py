"""The Python SDK generated from the native provider's schema, under Pulumi's own unit-test mocks.

Run by test/e2e/native-python.test.ts with the `pulumi` Python package and the generated
`pulumi_pipestack` installed. `pulumi.runtime.set_mocks` stands in for the engine: every resource
registration and function call the SDK makes reaches the mocks as it would reach the engine, so
each test checks the wire form: the type token, the input names as the provider reads them
(camelCase, as the schema spells them; values the user wrote inside a free-form field untouched),
and which values travel as secrets.
"""

import unittest

import pulumi

# The engine's secret envelope on the wire (Pulumi's protocol constants).
SIG = "4dabf18193072939515e22adb298388d"
SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270"


def secret(value):
    """The wire form of a value sent as a secret."""
    return {SIG: SECRET_SIG, "value": value}


def unwrap(value):
    """The value with every secret envelope removed (what a provider hands back)."""
    if isinstance(value, dict):
        if value.get(SIG) == SECRET_SIG:
            return unwrap(value["value"])
        return {k: unwrap(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


class Recorder(pulumi.runtime.Mocks):
    """Records what the engine would receive, and answers like the provider would."""

    def __init__(self):
        self.resources = {}
        self.calls = []

    def new_resource(self, args):
        self.resources[args.name] = args
        outputs = unwrap(args.inputs)
        if args.typ == "pipestack:index:ReversePrivateEndpoint":
            outputs["status"] = "Ready"
        if args.typ == "pipestack:index:Pipe":
            outputs["state"] = "Running"
        return f"{args.name}-id", outputs

    def call(self, args):
        self.calls.append(args)
        items = {
            "pipestack:index:getReversePrivateEndpoints": [{"id": "rpe-shared", "description": "shared kafka", "status": "Ready"}],
            "pipestack:index:getStackSources": [{"id": "src-logs", "name": "Logs", "kind": "log"}],
            "pipestack:index:getStackWebhooks": [{"id": "wh-1", "name": "on-call", "service": "generic"}],
        }
        return {"items": items[args.token]}


class RecordingMonitor(pulumi.runtime.mocks.MockMonitor):
    """The mocks' engine, also keeping what `Mocks` is not shown: the outputs to keep secret."""

    def __init__(self, mocks):
        super().__init__(mocks)
        self.secret_outputs = {}

    def RegisterResource(self, request):
        self.secret_outputs[request.name] = list(request.additionalSecretOutputs)
        return super().RegisterResource(request)


mocks = Recorder()
monitor = RecordingMonitor(mocks)
pulumi.runtime.set_mocks(mocks, preview=False, monitor=monitor)

import pulumi_pipestack as pipestack  # noqa: E402 (the mocks must be set before resources exist)

CONNECTION = pipestack.ConnectionArgs(api_url="http://127.0.0.1:9", key_id="key-1", key_secret="key-secret-1")
CONNECTION_WIRE = secret({"apiUrl": "http://127.0.0.1:9", "keyId": "key-1", "keySecret": "key-secret-1"})


def registered(*resources):
    """An Output resolved once every resource has reached the mocks."""
    return pulumi.Output.all(*[r.urn for r in resources])


class SdkOnTheWire(unittest.TestCase):
    maxDiff = None
    # Names of the tests whose checks ran: a check inside an Output that never resolves would pass silently.
    checked = set()

    @classmethod
    def tearDownClass(cls):
        tests = {name for name in dir(cls) if name.startswith("test_")}
        if cls.checked != tests:
            raise AssertionError(f"tests whose checks never ran: {sorted(tests - cls.checked)}")

    def assertRegistered(self, name, typ, inputs):
        self.checked.add(self._testMethodName)
        seen = mocks.resources[name]
        self.assertEqual(seen.typ, typ)
        self.assertEqual(seen.inputs, inputs)
        return seen

    @pulumi.runtime.test
    def test_provider(self):
        acme = pipestack.Provider(
            "acme",
            api_url="http://127.0.0.1:9",
            key_id="key-1",
            key_secret="key-secret-1",
            organization_id="org-1",
            service_id="svc-1",
            stack_token="stack-token-1",
            max_retries=3,
        )

        def check(_):
            self.assertRegistered(
                "acme",
                "pulumi:providers:pipestack",
                {
                    "apiUrl": "http://127.0.0.1:9",
                    "keyId": "key-1",
                    "keySecret": secret("key-secret-1"),
                    "organizationId": "org-1",
                    "serviceId": "svc-1",
                    "stackToken": secret("stack-token-1"),
                    # Provider inputs that are not strings travel JSON-encoded.
                    "maxRetries": "3",
                },
            )

        return registered(acme).apply(check)

    @pulumi.runtime.test
    def test_reverse_private_endpoint(self):
        brokers = pipestack.ReversePrivateEndpoint(
            "brokers",
            description="orders brokers",
            type="VPC_ENDPOINT_SERVICE",
            vpc_endpoint_service_name="com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
            custom_private_dns_mappings=[pipestack.ReversePrivateEndpointCustomPrivateDnsMappingArgs(private_dns_name="*.kafka.internal")],
            wait_timeout_seconds=600,
            connection=CONNECTION,
        )

        def check(status):
            self.assertRegistered(
                "brokers",
                "pipestack:index:ReversePrivateEndpoint",
                {
                    "description": "orders brokers",
                    "type": "VPC_ENDPOINT_SERVICE",
                    "vpcEndpointServiceName": "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
                    "customPrivateDnsMappings": [{"privateDnsName": "*.kafka.internal"}],
                    "waitTimeoutSeconds": 600,
                    "connection": CONNECTION_WIRE,
                },
            )
            self.assertEqual(status, "Ready")

        return brokers.status.apply(check)

    @pulumi.runtime.test
    def test_pipe_with_an_explicit_provider(self):
        acme = pipestack.Provider("pipe-provider", api_url="http://127.0.0.1:9", key_id="key-1", key_secret="key-secret-1")
        shared = pipestack.get_reverse_private_endpoints_output(status="Ready", description_contains="kafka")
        orders = pipestack.Pipe(
            "orders",
            name="private-orders",
            source=pipestack.PipeSourceArgs(
                kafka=pipestack.PipeSourceKafkaArgs(
                    format="JSONEachRow",
                    brokers="broker-1.kafka.internal:9096,broker-2.kafka.internal:9096",
                    topics="orders",
                    authentication="SCRAM-SHA-512",
                    credentials=pipestack.PipeSourceKafkaCredentialsArgs(username="orders-reader", password=pulumi.Output.secret("kafka-pw-1")),
                    reverse_private_endpoint_ids=shared.apply(lambda r: [e.id for e in r.items]),
                    offset=pipestack.PipeSourceKafkaOffsetArgs(strategy="from_beginning"),
                ),
            ),
            destination=pipestack.PipeDestinationArgs(
                database="default",
                table="orders",
                managed_table=True,
                columns=[pipestack.PipeDestinationColumnArgs(name="order_id", type="String"), pipestack.PipeDestinationColumnArgs(name="amount", type="Decimal(18, 2)")],
            ),
            field_mappings=[pipestack.PipeFieldMappingArgs(source_field="order_id", destination_field="order_id")],
            scaling=pipestack.PipeScalingArgs(replicas=2, replica_cpu_millicores=500),
            # Names the service itself spells in snake case stay so on the wire.
            settings=pipestack.PipeSettingsArgs(db_max_threads=4, streaming_max_insert_wait_ms=1000),
            opts=pulumi.ResourceOptions(provider=acme),
        )

        def check(state):
            seen = self.assertRegistered(
                "orders",
                "pipestack:index:Pipe",
                {
                    "name": "private-orders",
                    # A secret anywhere in a property makes the whole property secret on the wire.
                    "source": secret(
                        {
                            "kafka": {
                                "format": "JSONEachRow",
                                "brokers": "broker-1.kafka.internal:9096,broker-2.kafka.internal:9096",
                                "topics": "orders",
                                "authentication": "SCRAM-SHA-512",
                                "credentials": {"username": "orders-reader", "password": "kafka-pw-1"},
                                "reversePrivateEndpointIds": ["rpe-shared"],
                                "offset": {"strategy": "from_beginning"},
                            }
                        }
                    ),
                    "destination": {
                        "database": "default",
                        "table": "orders",
                        "managedTable": True,
                        "columns": [{"name": "order_id", "type": "String"}, {"name": "amount", "type": "Decimal(18, 2)"}],
                    },
                    "fieldMappings": [{"sourceField": "order_id", "destinationField": "order_id"}],
                    "scaling": {"replicas": 2, "replicaCpuMillicores": 500},
                    "settings": {"db_max_threads": 4, "streaming_max_insert_wait_ms": 1000},
                },
            )
            self.assertTrue(seen.provider.endswith("pulumi:providers:pipestack::pipe-provider::pipe-provider-id"), seen.provider)
            self.assertEqual(state, "Running")

        return pulumi.Output.all(orders.state, registered(orders)).apply(lambda v: check(v[0]))

    @pulumi.runtime.test
    def test_pipe_declares_its_secret_outputs(self):
        # The engine keeps these outputs secret in state whatever the provider answers.
        pipe = pipestack.Pipe("declared", source={"kinesis": {"stream_name": "clicks", "region": "eu-west-1"}}, destination={"table": "clicks"})

        def check(_):
            self.assertRegistered(
                "declared",
                "pipestack:index:Pipe",
                {"source": {"kinesis": {"streamName": "clicks", "region": "eu-west-1"}}, "destination": {"table": "clicks"}},
            )
            self.assertEqual(monitor.secret_outputs["declared"], ["connection", "sourceSecrets"])

        return registered(pipe).apply(check)

    @pulumi.runtime.test
    def test_dashboard_alert_and_saved_search(self):
        sources = pipestack.get_stack_sources(stack_url="http://127.0.0.1:9")
        logs = next(s.id for s in sources.items if s.kind == "log")
        on_call = next(w.id for w in pipestack.get_stack_webhooks().items if w.name == "on-call")
        board = pipestack.StackDashboard(
            "checkout",
            name="Checkout",
            tags=["checkout"],
            tiles=[
                {
                    "name": "Errors",
                    "x": 0,
                    "y": 0,
                    "w": 12,
                    "h": 4,
                    # Free-form: sent as written.
                    "config": {"displayType": "line", "sourceId": logs, "select": [{"aggFn": "count", "where": "level:error"}]},
                },
                {"name": "Latency", "x": 12, "y": 0, "w": 12, "h": 4, "series": [{"type": "time", "data_source": "events", "agg_fn": "avg", "field": "duration"}]},
            ],
            stack_url="http://127.0.0.1:9",
            connection=pipestack.ConnectionArgs(stack_token="stack-token-1"),
        )
        search = pipestack.StackSavedSearch(
            "checkout-error-search",
            name="Checkout errors",
            source_id=logs,
            where="level:error service:checkout",
            where_language="lucene",
            select="Timestamp, ServiceName, Body",
            order_by="Timestamp DESC",
            tags=["checkout"],
        )
        alert = pipestack.StackAlert(
            "checkout-errors",
            name="Checkout errors",
            source="tile",
            dashboard_id=board.id,
            tile="Errors",
            threshold=10,
            threshold_type="above",
            interval="5m",
            channel={"type": "webhook", "webhook_id": on_call},
            num_consecutive_windows=2,
            message="More than the usual errors at checkout",
        )
        burst = pipestack.StackAlert(
            "checkout-error-burst",
            source="saved_search",
            saved_search_id=search.id,
            group_by="ServiceName",
            threshold_type="between",
            threshold=5,
            threshold_max=50,
            interval="15m",
            channels=[pipestack.StackAlertChannelArgs(type="webhook", webhook_id=on_call)],
            note="Runbook: checkout/errors",
        )

        def check(_):
            self.assertRegistered(
                "checkout",
                "pipestack:index:StackDashboard",
                {
                    "name": "Checkout",
                    "tags": ["checkout"],
                    "tiles": [
                        {"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4, "config": {"displayType": "line", "sourceId": "src-logs", "select": [{"aggFn": "count", "where": "level:error"}]}},
                        {"name": "Latency", "x": 12, "y": 0, "w": 12, "h": 4, "series": [{"type": "time", "dataSource": "events", "aggFn": "avg", "field": "duration"}]},
                    ],
                    "stackUrl": "http://127.0.0.1:9",
                    "connection": secret({"stackToken": "stack-token-1"}),
                },
            )
            self.assertRegistered(
                "checkout-error-search",
                "pipestack:index:StackSavedSearch",
                {
                    "name": "Checkout errors",
                    "sourceId": "src-logs",
                    "where": "level:error service:checkout",
                    "whereLanguage": "lucene",
                    "select": "Timestamp, ServiceName, Body",
                    "orderBy": "Timestamp DESC",
                    "tags": ["checkout"],
                },
            )
            self.assertRegistered(
                "checkout-errors",
                "pipestack:index:StackAlert",
                {
                    "name": "Checkout errors",
                    "source": "tile",
                    "dashboardId": "checkout-id",
                    "tile": "Errors",
                    "threshold": 10,
                    "thresholdType": "above",
                    "interval": "5m",
                    "channel": {"type": "webhook", "webhookId": "wh-1"},
                    "numConsecutiveWindows": 2,
                    "message": "More than the usual errors at checkout",
                },
            )
            self.assertRegistered(
                "checkout-error-burst",
                "pipestack:index:StackAlert",
                {
                    "source": "saved_search",
                    "savedSearchId": "checkout-error-search-id",
                    "groupBy": "ServiceName",
                    "thresholdType": "between",
                    "threshold": 5,
                    "thresholdMax": 50,
                    "interval": "15m",
                    "channels": [{"type": "webhook", "webhookId": "wh-1"}],
                    "note": "Runbook: checkout/errors",
                },
            )

        return registered(board, search, alert, burst).apply(check)

    @pulumi.runtime.test
    def test_functions(self):
        before = len(mocks.calls)
        sources = pipestack.get_stack_sources(organization_id="org-1", service_id="svc-1")
        endpoints = pipestack.get_reverse_private_endpoints_output(status="Ready", type="VPC_ENDPOINT_SERVICE", description_contains="kafka")
        webhooks = pipestack.get_stack_webhooks(stack_url="http://127.0.0.1:9")

        def check(listed):
            self.checked.add(self._testMethodName)
            calls = [(c.token, c.args) for c in mocks.calls[before:]]
            self.assertEqual(
                calls,
                [
                    ("pipestack:index:getStackSources", {"organizationId": "org-1", "serviceId": "svc-1"}),
                    ("pipestack:index:getStackWebhooks", {"stackUrl": "http://127.0.0.1:9"}),
                    ("pipestack:index:getReversePrivateEndpoints", {"status": "Ready", "type": "VPC_ENDPOINT_SERVICE", "descriptionContains": "kafka"}),
                ],
            )
            self.assertEqual([s.kind for s in sources.items], ["log"])
            self.assertEqual([w.name for w in webhooks.items], ["on-call"])
            self.assertEqual(listed, ["shared kafka"])

        return endpoints.apply(lambda r: [e.description for e in r.items]).apply(check)


if __name__ == "__main__":
    unittest.main(verbosity=2)
