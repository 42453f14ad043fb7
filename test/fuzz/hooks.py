"""Schemathesis hooks of the fuzz stage (loaded through SCHEMATHESIS_HOOKS=hooks).

One check of our own: after any request that may change something, every stored object must
still be served. A change that corrupts what it stores would otherwise pass unnoticed until a
later read answers 500. Where to read comes from the JSON file named by PIPESTACK_FUZZ_TARGETS,
written by test/fuzz/schemathesis.test.ts.
"""

import json
import os

import requests
import schemathesis

with open(os.environ["PIPESTACK_FUZZ_TARGETS"], encoding="utf-8") as handle:
    TARGETS = json.load(handle)

SESSION = requests.Session()
SESSION.auth = tuple(TARGETS["auth"])
SERVICE = f"{TARGETS['url']}/v1/organizations/{TARGETS['organizationId']}/services/{TARGETS['serviceId']}"
MUTATING = {"POST", "PUT", "PATCH", "DELETE"}


@schemathesis.check
def stored_objects_readable(ctx, response, case):
    """Every stored object must still be served: the service's list renders each pipe as
    reads do, the state dump renders each object as stored."""
    if case.method.upper() not in MUTATING:
        return None
    reads = [f"{SERVICE}/pipes", f"{TARGETS['url']}/__emulator/state"]
    if "pipesReversePrivateEndpoints" in case.path:
        reads.append(f"{SERVICE}/pipesReversePrivateEndpoints")
    for url in reads:
        answer = SESSION.get(url, timeout=10)
        if answer.status_code != 200:
            raise AssertionError(f"GET {url} answered {answer.status_code} after this request: {answer.text[:300]}")
    return None
