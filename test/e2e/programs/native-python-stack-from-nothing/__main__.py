"""examples/stack-from-nothing in Python: a connection, a log source on it, a saved search and a
dashboard tile on that source, an alert on the search and the webhook it notifies."""

import pulumi
import pulumi_pipestack as pipestack

config = pulumi.Config()

db = pipestack.StackConnection(
    "analytics-db",
    host="https://db.example.com:8443",
    username="stack_reader",
    password=config.require_secret("dbPassword"),
)

# Nested inputs as dicts with snake_case keys; `from` is a Python keyword, so the SDK names it `from_`.
logs = pipestack.StackSource(
    "logs",
    kind="log",
    connection_id=db.id,
    from_={"database_name": "otel", "table_name": "otel_logs"},
    timestamp_value_expression="TimestampTime",
    default_table_select_expression="Timestamp, ServiceName, SeverityText, Body",
    service_name_expression="ServiceName",
    severity_text_expression="SeverityText",
    body_expression="Body",
)

errors = pipestack.StackSavedSearch(
    "checkout-errors",
    source_id=logs.id,
    where="ServiceName:checkout SeverityText:error",
    select="Timestamp, Body",
)

pipestack.StackDashboard(
    "checkout",
    tiles=[
        {
            "name": "Errors",
            "x": 0,
            "y": 0,
            "w": 12,
            "h": 4,
            "config": {
                "display_type": "line",
                "source_id": logs.id,
                "select": [{"agg_fn": "count", "where": "SeverityText:error"}],
                "group_by": "ServiceName",
            },
        }
    ],
)

hook = pipestack.StackWebhook("checkout-hook", url="https://hooks.example.com/checkout")

pipestack.StackAlert(
    "checkout-error-burst",
    source="saved_search",
    saved_search_id=errors.id,
    threshold=5,
    threshold_type="above",
    interval="5m",
    channels=[{"type": "webhook", "webhook_id": hook.id}],
)

pulumi.export("connectionId", db.id)
pulumi.export("sourceId", logs.id)
pulumi.export("passwordFingerprint", db.password)
