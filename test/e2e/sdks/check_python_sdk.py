"""What an installed Python SDK says of itself, as JSON, for test/e2e/sdks.test.ts: its
distribution's version, the version its resources ask the engine for, the plugin its
pulumi-plugin.json names, an enum and a list element type by their names."""
import importlib.metadata
import importlib.resources
import json

import pulumi_pipestack as pipestack
from pulumi_pipestack import _utilities

plugin = json.loads((importlib.resources.files("pulumi_pipestack") / "pulumi-plugin.json").read_text())
print(
    json.dumps(
        {
            "distribution": importlib.metadata.version("pulumi_pipestack"),
            "resourceVersion": _utilities.get_resource_opts_defaults().version,
            "plugin": plugin,
            "kafkaJsonFormat": pipestack.PipeSourceKafkaFormat.JSON_EACH_ROW.value,
            "fieldMappingArgs": hasattr(pipestack, "PipeFieldMappingArgs"),
        }
    )
)
