#!/usr/bin/env python3
"""Apple's App Store Server Library (Python) as Tienda's interop oracle.

Reads one JSON request on standard input and writes one JSON answer on standard output.

  verify   {"roots": [base64 DER...], "bundleId": str, "environment": "Sandbox", "appAppleId": int|null,
            "strict": true, "online": false, "items": [{"kind": "transaction"|"renewal"|"notification"|
            "app-transaction"|"realtime", "jws": str}]}
           -> {"library": version, "results": [{"status": "OK"|<VerificationStatus name>, "error": str|null,
               "decoded": {wire key: value}}]}
  chain    {"roots": [...], "strict": bool, "cases": [{"certificates": [base64 DER or any text], "effectiveDate": seconds}]}
           -> {"library": version, "results": [{"status": "OK"|<VerificationStatus name>, "error": str|null}]}
  batch    {"requests": [{"mode": "verify"|"chain", "request": {...}}]} -> {"answers": [answer, ...]}
  bench    {"roots": [...], "bundleId": ..., "environment": ..., "jws": str, "kind": ..., "seconds": float}
           -> {"library": version, "verifications": n, "seconds": s, "perSecond": n/s}
  methods  {} -> {"library": version, "results": [{"method": name}, ...]}: AppStoreServerAPIClient's endpoint methods
  openapi  {"document": OpenAPI JSON} -> {"results": [{"valid": bool, "error"?: str}]}
  call     {"baseURL": "http://127.0.0.1:PORT", "key": PEM, "keyId": str, "issuerId": str, "bundleId": str,
            "environment": "Sandbox", "calls": [{"method": AppStoreServerAPIClient method name, "args": [arg...]}]}
           where an arg is a JSON value, {"$model": ModelName, "value": {wire keys}}, {"$enum": EnumName,
           "value": raw}, {"$uuid": str} or {"$bytes": base64}
           -> {"library": version, "results": [{"ok": true, "result": {wire keys}|null} |
               {"ok": false, "status": http status, "code": raw error code|null, "apiError": APIError name|null,
                "message": str|null} | {"ok": false, "exception": str}]}

Decoded models are turned back into Apple's wire keys: a `rawX` attribute is reported under `x`, and
nested models recursively, so the caller can compare field by field with what it signed.
"""
import base64
import json
import sys
import time
import uuid
from importlib.metadata import version

import attr
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def wire(value):
    """An attrs model (or list/scalar) as a dict keyed by Apple's JSON names."""
    if isinstance(value, list):
        return [wire(v) for v in value]
    if isinstance(value, dict):
        return {getattr(k, "value", k): wire(v) for k, v in value.items()}
    if isinstance(value, uuid.UUID):
        return str(value)
    if not attr.has(type(value)):
        return getattr(value, "value", value)
    fields = {f.name: getattr(value, f.name) for f in attr.fields(type(value))}
    result = {}
    for name, field_value in fields.items():
        if name.startswith("raw") and len(name) > 3:
            key = name[3].lower() + name[4:]
            if key not in fields:
                key = name[3:]
            if field_value is not None:
                result[key] = wire(field_value)
            continue
        if ("raw" + name[0].upper() + name[1:]) in fields:
            continue
        if field_value is not None:
            result[name] = wire(field_value)
    return result


def make_verifier(request):
    roots = [base64.b64decode(r) for r in request["roots"]]
    verifier = SignedDataVerifier(roots, bool(request.get("online", False)), Environment(request["environment"]),
                                  request["bundleId"], request.get("appAppleId"))
    verifier._chain_verifier.enable_strict_checks = bool(request.get("strict", True))
    return verifier


def decode(verifier, kind, jws):
    method = {
        "transaction": verifier.verify_and_decode_signed_transaction,
        "renewal": verifier.verify_and_decode_renewal_info,
        "notification": verifier.verify_and_decode_notification,
        "app-transaction": verifier.verify_and_decode_app_transaction,
        "realtime": verifier.verify_and_decode_realtime_request,
    }[kind]
    return method(jws)


def verify(request):
    verifier = make_verifier(request)
    results = []
    for item in request["items"]:
        try:
            decoded = decode(verifier, item["kind"], item["jws"])
            results.append({"status": "OK", "error": None, "decoded": wire(decoded)})
        except VerificationException as error:
            cause = repr(error.__cause__) if error.__cause__ is not None else None
            results.append({"status": error.status.name, "error": cause, "decoded": None})
        except Exception as error:  # noqa: BLE001 - a crash of the library is a result too
            results.append({"status": "EXCEPTION", "error": f"{type(error).__name__}: {error}", "decoded": None})
    return {"library": version("app-store-server-library"), "results": results}


def chain(request):
    verifier = make_verifier({**request, "bundleId": "chain.check", "environment": "Sandbox"})
    results = []
    for case in request["cases"]:
        try:
            verifier._chain_verifier.verify_chain(case["certificates"], False, int(case["effectiveDate"]))
            results.append({"status": "OK", "error": None})
        except VerificationException as error:
            cause = repr(error.__cause__) if error.__cause__ is not None else None
            results.append({"status": error.status.name, "error": cause})
    return {"library": version("app-store-server-library"), "results": results}


def bench(request):
    verifier = make_verifier(request)
    deadline = time.perf_counter() + float(request.get("seconds", 2.0))
    start = time.perf_counter()
    count = 0
    while time.perf_counter() < deadline:
        decode(verifier, request["kind"], request["jws"])
        count += 1
    elapsed = time.perf_counter() - start
    return {"library": version("app-store-server-library"), "verifications": count, "seconds": elapsed,
            "perSecond": count / elapsed}


def call_argument(value):
    """A call argument from its JSON form: models, enums, UUIDs and bytes are tagged."""
    import importlib
    from appstoreserverlibrary import api_client
    from appstoreserverlibrary.models.LibraryUtility import _get_cattrs_converter
    if isinstance(value, list):
        return [call_argument(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$model" in value:
        cls = getattr(importlib.import_module("appstoreserverlibrary.models." + value["$model"]), value["$model"])
        return _get_cattrs_converter(cls).structure(value["value"], cls)
    if "$enum" in value:
        name = value["$enum"]
        holder = getattr(api_client, name, None)
        if holder is None:
            holder = getattr(importlib.import_module("appstoreserverlibrary.models." + name), name)
        return holder(value["value"])
    if "$uuid" in value:
        return uuid.UUID(value["$uuid"])
    if "$bytes" in value:
        return base64.b64decode(value["$bytes"])
    return value


def call(request):
    """Calls a running server through Apple's AppStoreServerAPIClient with its base URL pointed at it."""
    import warnings
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient, APIException
    warnings.simplefilter("ignore", DeprecationWarning)
    client = AppStoreServerAPIClient(request["key"].encode(), request["keyId"], request["issuerId"], request["bundleId"],
                                     Environment(request.get("environment", "Sandbox")))
    client._base_url = request["baseURL"]
    results = []
    for item in request["calls"]:
        try:
            value = getattr(client, item["method"])(*[call_argument(a) for a in item.get("args", [])])
            results.append({"ok": True, "result": None if value is None else wire(value)})
        except APIException as error:
            results.append({"ok": False, "status": error.http_status_code, "code": error.raw_api_error,
                            "apiError": error.api_error.name if error.api_error is not None else None,
                            "message": error.error_message})
        except Exception as error:  # noqa: BLE001 - a failure of the client is a result too
            results.append({"ok": False, "exception": f"{type(error).__name__}: {error}"})
    return {"library": version("app-store-server-library"), "results": results}


def methods(request):
    """The public endpoint methods of AppStoreServerAPIClient, for checking that a suite calls every one."""
    import inspect
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    names = sorted(name for name, member in inspect.getmembers(AppStoreServerAPIClient, inspect.isfunction)
                   if not name.startswith("_"))
    return {"library": version("app-store-server-library"), "results": [{"method": name} for name in names]}


def openapi(request):
    """Validates an OpenAPI 3 document (the emulator's /openapi.json) against the specification's schema."""
    try:
        from openapi_spec_validator import validate
    except ImportError:
        return {"results": [{"valid": False, "error": "openapi-spec-validator is not installed: run `make venv`."}]}
    try:
        validate(request["document"])
        return {"results": [{"valid": True}]}
    except Exception as error:  # noqa: BLE001 - the validator's error is the answer
        return {"results": [{"valid": False, "error": f"{type(error).__name__}: {error}"}]}


def batch(request):
    modes = {"verify": verify, "chain": chain}
    return {"answers": [modes[item["mode"]](item["request"]) for item in request["requests"]]}


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "verify"
    request = json.load(sys.stdin)
    answer = {"verify": verify, "chain": chain, "batch": batch, "bench": bench, "call": call,
              "methods": methods, "openapi": openapi}[mode](request)
    json.dump(answer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
